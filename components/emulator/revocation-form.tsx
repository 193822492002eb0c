'use client';
// Revoking a certificate: from then on the WSAA answers cms.cert.revoked for it.
import type { FormEvent } from 'react';
import { Field, Outcome, PemLine, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';

const FIELDS = ['certificate'] as const;
const WHERE: Record<PortalEnvironment, string> = {
  sandbox: 'WSASS › Autogestión Certificados Homologación › Revocar',
  live: 'Administración de Certificados Digitales › Ver › Revocar',
};

interface Revocation {
  environment: PortalEnvironment;
  serial: string;
  revoked_at: string;
}

const revokedAt = (iso: string) =>
  new Date(iso).toLocaleString('es-AR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Argentina/Buenos_Aires',
  });

export function RevocationForm({ environment }: { environment: PortalEnvironment }) {
  const request = usePortalRequest<Revocation>('revocations');
  const form = request.formRef;
  const done = request.result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await request.submit({
      environment,
      certificate: String(new FormData(event.currentTarget).get('certificate') ?? ''),
    });
  }

  return (
    <PortalSection id="revocation" title="Revocar un certificado" where={WHERE[environment]}>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field
          formId="revocation"
          name="certificate"
          label="Certificado a revocar"
          problem={fieldProblem(request.error, 'certificate')}
          hint={
            <>
              Pegue el certificado completo (.crt), desde la línea <PemLine>-----BEGIN CERTIFICATE-----</PemLine>
            </>
          }
        >
          {(props) => (
            <textarea
              {...props}
              rows={6}
              spellCheck={false}
              required
              className={`${controlClass} font-mono text-xs`}
              placeholder="-----BEGIN CERTIFICATE-----"
            />
          )}
        </Field>
        <SubmitButton pending={request.pending}>Revocar certificado</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={
            done
              ? `Certificado revocado en ${ENVIRONMENT_NAMES[done.environment]} el ${revokedAt(done.revoked_at)} (número de serie ${done.serial}): ya no sirve para ingresar a los web services.`
              : undefined
          }
        />
      </form>
    </PortalSection>
  );
}
