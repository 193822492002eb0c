'use client';
// "Nuevo Certificado" (WSASS) or "Agregar alias" (live): an alias and the pasted CSR (or the pedido.csr file
// the wizard gave the supplier, chosen here) become a certificate
// signed by the environment's CA, shown as PEM to copy or download as certificado.crt. Each environment
// keeps its real screen's words. An alias used before gets one more certificate, as «Agregar certificado
// a alias» (WSASS) and «Agregar certificado» (live) do on a renewal.
import type { FormEvent } from 'react';
import { CopyButton } from '@/components/emulator/copy-button';
import { Field, Outcome, PemLine, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';

const FIELDS = ['alias', 'csr'] as const;
const SCREEN: Record<
  PortalEnvironment,
  { title: string; where: string; alias: string; csr: string; submit: string; renewal: string }
> = {
  sandbox: {
    title: 'Nuevo Certificado',
    where: 'WSASS - Autogestión Certificados Homologación › Nuevo Certificado',
    alias: 'Nombre simbólico del DN',
    csr: 'Solicitud de certificado en formato PKCS#10',
    submit: 'Crear DN y obtener certificado',
    renewal: 'Para renovar, escriba el alias que ya tiene: es lo que hace «Agregar certificado a alias» en WSASS.',
  },
  live: {
    title: 'Agregar alias',
    where: 'Administración de Certificados Digitales › Agregar alias (y luego «Ver» › «Descargar»)',
    alias: 'Alias',
    csr: 'Pedido de certificado (CSR)',
    submit: 'Agregar alias',
    renewal:
      'Para renovar, escriba el alias que ya tiene: es lo que hace «Ver» › «Agregar certificado» en el sitio real.',
  },
};

export function CertificateForm({
  environment,
  onIssued,
}: {
  environment: PortalEnvironment;
  onIssued: (alias: string) => void;
}) {
  const request = usePortalRequest<{ certificate: string }>('certificates');
  const form = request.formRef;
  const issued = request.result?.certificate;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const alias = String(data.get('alias') ?? '').trim();
    const result = await request.submit({ environment, alias, csr: String(data.get('csr') ?? '') });
    if (result) onIssued(alias);
  }

  const screen = SCREEN[environment];
  return (
    <PortalSection id="certificate" title={screen.title} where={screen.where}>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field
          formId="certificate"
          name="alias"
          label={screen.alias}
          problem={fieldProblem(request.error, 'alias')}
          hint={`Un nombre para identificar este certificado, por ejemplo facturacion (sin espacios). ${screen.renewal}`}
        >
          {(props) => (
            <input {...props} type="text" autoComplete="off" spellCheck={false} required className={controlClass} />
          )}
        </Field>
        <Field
          formId="certificate"
          name="csr"
          label={screen.csr}
          problem={fieldProblem(request.error, 'csr')}
          hint={
            <>
              Pegue el texto completo del archivo .csr, desde la línea{' '}
              <PemLine>-----BEGIN CERTIFICATE REQUEST-----</PemLine>
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
              placeholder="-----BEGIN CERTIFICATE REQUEST-----"
            />
          )}
        </Field>
        <Field
          formId="certificate"
          name="csr-file"
          label="Archivo del pedido (.csr)"
          hint="O elija el archivo pedido.csr que descargó en el alta: su texto queda en el campo de arriba."
        >
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csr,.pem,.req,.txt,application/pkcs10"
              onChange={(event) => void pasteChosenRequest(event.currentTarget)}
              className={controlClass}
            />
          )}
        </Field>
        <SubmitButton pending={request.pending}>{screen.submit}</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={
            issued
              ? `Certificado emitido en ${ENVIRONMENT_NAMES[environment]}. Cópielo o descárguelo y cárguelo en el alta.`
              : undefined
          }
        />
      </form>
      {issued ? <IssuedCertificate pem={issued} environment={environment} /> : null}
    </PortalSection>
  );
}

/** The chosen .csr file's text, put in the request field as if pasted (the wizard gives the supplier that file). */
async function pasteChosenRequest(input: HTMLInputElement): Promise<void> {
  const file = input.files?.[0];
  const field = input.form?.elements.namedItem('csr');
  if (!file || !(field instanceof HTMLTextAreaElement)) return;
  field.value = (await file.text()).trim();
}

/** The result's label: WSASS shows the certificate under «Resultado», which is the word the wizard uses. */
const RESULT_LABEL: Record<PortalEnvironment, string> = {
  sandbox: 'Resultado: certificado emitido (PEM)',
  live: 'Certificado emitido (PEM)',
};

function IssuedCertificate({ pem, environment }: { pem: string; environment: PortalEnvironment }) {
  return (
    <div className="mt-4 space-y-3">
      <label htmlFor="certificate-issued" className="block font-medium text-slate-800">
        {RESULT_LABEL[environment]}
      </label>
      <textarea
        id="certificate-issued"
        readOnly
        value={pem}
        rows={8}
        spellCheck={false}
        className={`${controlClass} break-all font-mono text-xs`}
      />
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={pem} label="Copiar certificado" />
        <a
          href={`data:application/x-x509-ca-cert;charset=utf-8,${encodeURIComponent(pem)}`}
          download="certificado.crt"
          className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-sky-800 underline-offset-2 hover:bg-slate-100 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2"
        >
          Descargar certificado.crt
        </a>
      </div>
    </div>
  );
}
