'use client';
// Step (d): authorising, at the authority, each web service this registration needs for the
// certificate's alias. Without it the authority refuses the certificate for that service. A renewal that
// keeps the alias comes here only for a service its previous certificate was not authorized for.
import { formatCuit } from '@/lib/ar/cuit-digits';
import { fill } from '@/lib/i18n/locales';
import type { Environment } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { EmulatorNote } from '@/components/wizard/emulator-note';
import { PortalStatusNote, type PortalStatus } from '@/components/wizard/portal-status';
import { Instruction, InstructionList } from '@/components/wizard/instruction-list';
import { AliasBox } from '@/components/wizard/request/alias-box';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';

interface AuthorizeStepProps extends StepProps {
  environment: Environment;
  /** The services to authorize now. */
  services: string[];
  /** On a renewal, the services the alias is already authorized for (their authorization carries over). */
  authorized?: string[];
  cuit: string;
  /** Ours when we made the request; unknown when the supplier brought their own certificate. */
  alias?: string;
  emulatorPortalUrl?: string;
  /** Whether the portal already shows the alias authorized, as far as the server can know. */
  portalStatus: PortalStatus;
  onNext: () => void;
}

export function AuthorizeStep({
  headingRef,
  onBack,
  environment,
  services,
  authorized = [],
  cuit,
  alias,
  emulatorPortalUrl,
  portalStatus,
  onNext,
}: AuthorizeStepProps) {
  const t = useMessages();
  const named = services.map((code) => t.services[code] ?? { name: code, code, use: '' });
  const [first = { name: 'wsfe', code: 'wsfe', use: '' }, ...others] = named;
  const aliasLine = alias ? <AliasBox alias={alias} /> : <span className="font-medium"> {t.authorize.yourAlias}</span>;
  const s = t.authorize.sandbox;
  const l = t.authorize.live;
  return (
    <StepFrame
      headingRef={headingRef}
      title={services.length > 1 ? t.authorize.heading.other : t.authorize.heading.one}
      nav={<StepNav onBack={onBack} onNext={onNext} />}
    >
      <div>
        <p className="text-base text-slate-700">
          {authorized.length
            ? fill(t.authorize.renewal, {
                services: authorized.map((code) => t.services[code]?.name ?? code).join(', '),
              })
            : t.authorize.lead}
        </p>
        <ul className="mt-3 space-y-2">
          {named.map((service) => (
            <li key={service.code} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
              <span className="font-semibold">{service.name}</span>{' '}
              <code className="text-sm text-slate-700">({service.code})</code>
              {service.use && <span className="block text-sm text-slate-600">{service.use}</span>}
            </li>
          ))}
        </ul>
      </div>
      <EmulatorNote url={emulatorPortalUrl} environment={environment} section="authorization" />
      {!alias && <p className="text-slate-700">{t.authorize.alreadyDone}</p>}
      {environment === 'sandbox' ? (
        <InstructionList emulator={emulatorPortalUrl !== undefined}>
          <Instruction>{s.open}</Instruction>
          <Instruction>
            {s.alias}
            {aliasLine}
          </Instruction>
          <Instruction>
            {s.cuit} <span className="font-medium tabular-nums">{formatCuit(cuit)}</span>
          </Instruction>
          <Instruction>{fill(s.service, { name: first.name, code: first.code })}</Instruction>
          <Instruction
            hint={
              others.length
                ? fill(s.repeat, { others: others.map((o) => `${o.code} — ${o.name}`).join(', ') })
                : undefined
            }
          >
            {s.confirm}
          </Instruction>
        </InstructionList>
      ) : (
        <InstructionList emulator={emulatorPortalUrl !== undefined}>
          <Instruction arcaOnly>{l.open}</Instruction>
          <Instruction arcaOnly>{l.create}</Instruction>
          <Instruction>{fill(l.service, { name: first.name })}</Instruction>
          <Instruction arcaOnly>{l.representativeSearch}</Instruction>
          <Instruction>
            {l.representative}
            {aliasLine}
          </Instruction>
          <Instruction
            hint={others.length ? fill(l.repeat, { others: others.map((o) => `«${o.name}»`).join(', ') }) : undefined}
          >
            {l.confirm}
          </Instruction>
        </InstructionList>
      )}
      <PortalStatusNote step="authorize" status={portalStatus} />
    </StepFrame>
  );
}
