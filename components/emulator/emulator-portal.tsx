'use client';
// The emulated portal's screens, all acting on the environment chosen at the top. The alias of the last
// certificate made carries over to the authorization, which is the next step in the real portal too;
// the IVA condition and the issued vouchers follow the points of sale, as invoicing follows registration.
import { useState } from 'react';
import { AuthorizationForm } from './authorization-form';
import { CertificateForm } from './certificate-form';
import { EnvironmentSwitch } from './environment-switch';
import { IssuedVouchers } from './issued-vouchers';
import { PointOfSaleForm } from './point-of-sale-form';
import type { PortalEnvironment } from './portal-request';
import { RevocationForm } from './revocation-form';
import { TaxpayerForm } from './taxpayer-form';

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
