'use client';
// "Crear autorización a servicio" (WSASS) or "Nueva Relación" (live, in «Administrador de Relaciones de
// Clave Fiscal»): lets the certificate's alias call a web service for a CUIT, in each screen's own words.
import type { FormEvent } from 'react';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { Field, Outcome, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';

const FIELDS = ['alias', 'cuit', 'service'] as const;
const SCREEN: Record<
  PortalEnvironment,
  { title: string; where: string; alias: string; cuit: string; service: string; submit: string }
> = {
  sandbox: {
    title: 'Crear autorización a servicio',
    where: 'WSASS - Autogestión Certificados Homologación › Crear autorización a servicio',
    alias: 'Nombre simbólico del DN a autorizar',
    cuit: 'CUIT representado',
    service: 'Servicio al que desea acceder',
    submit: 'Crear autorización de acceso',
  },
  live: {
    title: 'Nueva Relación',
    where:
      'Administrador de Relaciones de Clave Fiscal › Nueva Relación › ARCA › WebServices › Representante: Computador Fiscal',
    alias: 'Computador Fiscal',
    cuit: 'CUIT representado',
    // The real screen's menu (ARCA → WebServices → the service), which the wizard names.
    service: 'WebServices',
    submit: 'Confirmar',
  },
};
const SERVICES = [
  // The wizard's words for each service («wsfe - Facturación Electrónica»), so the supplier finds what it says.
  { value: 'wsfe', label: 'wsfe - Facturación Electrónica' },
  { value: 'wsfex', label: 'wsfex - Factura Electrónica de Exportación' },
  { value: 'wsct', label: 'wsct - Comprobantes de Turismo' },
] as const;

interface Authorization {
  environment: PortalEnvironment;
  cuit: string;
  alias: string;
  service: string;
}

export function AuthorizationForm({
  environment,
  alias,
  onAliasChange,
}: {
  environment: PortalEnvironment;
  alias: string;
  onAliasChange: (alias: string) => void;
}) {
  const request = usePortalRequest<Authorization>('authorizations');
  const form = request.formRef;
  const done = request.result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await request.submit({
      environment,
      alias: alias.trim(),
      cuit: String(data.get('cuit') ?? '').trim(),
      service: String(data.get('service') ?? ''),
    });
  }

  const screen = SCREEN[environment];
  return (
    <PortalSection id="authorization" title={screen.title} where={screen.where}>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field
          formId="authorization"
          name="alias"
          label={screen.alias}
          problem={fieldProblem(request.error, 'alias')}
          hint="El mismo alias con el que creó el certificado."
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              spellCheck={false}
              required
              className={controlClass}
              value={alias}
              onChange={(event) => onAliasChange(event.target.value)}
            />
          )}
        </Field>
        <Field
          formId="authorization"
          name="cuit"
          label={screen.cuit}
          problem={fieldProblem(request.error, 'cuit')}
          hint="La CUIT que va a facturar, con guiones o sin ellos."
        >
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />
          )}
        </Field>
        <Field
          formId="authorization"
          name="service"
          label={screen.service}
          problem={fieldProblem(request.error, 'service')}
        >
          {(props) => (
            <select {...props} defaultValue="wsfe" className={controlClass}>
              {SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SubmitButton pending={request.pending}>{screen.submit}</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={
            done
              ? `Autorización creada en ${ENVIRONMENT_NAMES[done.environment]}: el alias ${done.alias} puede usar ${done.service} para la CUIT ${formatCuit(done.cuit)}.`
              : undefined
          }
        />
      </form>
    </PortalSection>
  );
}
