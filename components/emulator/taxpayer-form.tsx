'use client';
// A CUIT's condition frente al IVA in the emulated register: it decides which vouchers WSFEv1 lets the CUIT
// issue (A and B for a Responsable Inscripto, C for a Monotributista or an exento), as the real padrón does.
import type { FormEvent } from 'react';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { Field, Outcome, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';
import { VAT_STATUS_NAMES, type VatStatus } from '@/components/emulator/vat-statuses';

const FIELDS = ['cuit', 'vat_status'] as const;

interface Taxpayer {
  environment: PortalEnvironment;
  cuit: string;
  vat_status: VatStatus;
}

export function TaxpayerForm({ environment }: { environment: PortalEnvironment }) {
  const request = usePortalRequest<Taxpayer>('taxpayers');
  const done = request.result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await request.submit({
      environment,
      cuit: String(data.get('cuit') ?? '').trim(),
      vat_status: String(data.get('vat_status') ?? ''),
    });
  }

  return (
    <PortalSection
      id="taxpayer"
      title="Condición frente al IVA"
      where="Sistema Registral › Registro Tributario (alta en IVA o adhesión al Monotributo)"
    >
      <p className="mb-4 text-sm text-slate-700">
        Una CUIT sin condición registrada es Responsable Inscripto. El emulador rechaza, como ARCA (error 10000), un
        comprobante de una clase que la condición no permite emitir.
      </p>
      <form ref={request.formRef} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field formId="taxpayer" name="cuit" label="CUIT" problem={fieldProblem(request.error, 'cuit')}>
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />
          )}
        </Field>
        <Field
          formId="taxpayer"
          name="vat_status"
          label="Condición frente al IVA"
          problem={fieldProblem(request.error, 'vat_status')}
        >
          {(props) => (
            <select {...props} defaultValue="responsable_inscripto" className={controlClass}>
              {(Object.keys(VAT_STATUS_NAMES) as VatStatus[]).map((status) => (
                <option key={status} value={status}>
                  {VAT_STATUS_NAMES[status].name} (emite {VAT_STATUS_NAMES[status].issues})
                </option>
              ))}
            </select>
          )}
        </Field>
        <SubmitButton pending={request.pending}>Guardar condición</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={
            done
              ? `La CUIT ${formatCuit(done.cuit)} queda como ${VAT_STATUS_NAMES[done.vat_status].name} en ` +
                `${ENVIRONMENT_NAMES[done.environment]}: emite ${VAT_STATUS_NAMES[done.vat_status].issues}.`
              : undefined
          }
        />
      </form>
    </PortalSection>
  );
}
