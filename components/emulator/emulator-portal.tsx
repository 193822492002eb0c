'use client';
// The emulated portal's screens, all acting on the environment chosen at the top. The alias of the last
// certificate made carries over to the authorization, which is the next step in the real portal too;
// the IVA condition and the issued vouchers follow the points of sale, as invoicing follows registration.
import { useState } from 'react';
import { AuthorizationForm } from '@/components/emulator/authorization-form';
import { CertificateForm } from '@/components/emulator/certificate-form';
import { EnvironmentSwitch } from '@/components/emulator/environment-switch';
import { IssuedVouchers } from '@/components/emulator/issued-vouchers';
import { PointOfSaleForm } from '@/components/emulator/point-of-sale-form';
import type { PortalEnvironment } from '@/components/emulator/portal-request';
import { RevocationForm } from '@/components/emulator/revocation-form';
import { TaxpayerForm } from '@/components/emulator/taxpayer-form';

export function EmulatorPortal({ initialEnvironment }: { initialEnvironment: PortalEnvironment }) {
  const [environment, setEnvironment] = useState(initialEnvironment);
  const [alias, setAlias] = useState('');
  return (
    <div className="space-y-6">
      <EnvironmentSwitch value={environment} onChange={setEnvironment} />
      <CertificateForm environment={environment} onIssued={setAlias} />
      <AuthorizationForm environment={environment} alias={alias} onAliasChange={setAlias} />
      <PointOfSaleForm environment={environment} />
      <TaxpayerForm environment={environment} />
      <IssuedVouchers environment={environment} />
      <RevocationForm environment={environment} />
    </div>
  );
}
