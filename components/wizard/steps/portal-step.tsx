'use client';
// Step (c): creating the certificate in the authority's portal, with the portal's own labels and the
// alias and request ready to copy where the supplier needs them. A renewal adds the new certificate to
// the alias the supplier already has («Agregar certificado a alias» in WSASS, «Agregar certificado» live),
// so the authorizations that alias holds keep working.
import { fill } from '@/lib/i18n/locales';
import { ARCA_LOGIN_URL } from '@/lib/ar/services';
import type { CertificateRequest, Environment } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { EmulatorNote } from '@/components/wizard/emulator-note';
import { PortalStatusNote, type PortalStatus } from '@/components/wizard/portal-status';
import { Instruction, InstructionList } from '@/components/wizard/instruction-list';
import { AliasBox } from '@/components/wizard/request/alias-box';
import { CsrBox } from '@/components/wizard/request/csr-box';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { link } from '@/components/wizard/styles';

interface PortalStepProps extends StepProps {
  environment: Environment;
  request: CertificateRequest;
  /** A renewal whose request keeps the current certificate's alias: the portal adds a certificate to it. */
  renewal?: boolean;
  emulatorPortalUrl?: string;
  /** Whether the portal already holds this step's certificate, as far as the server can know. */
  portalStatus: PortalStatus;
  onNext: () => void;
}

export function PortalStep({
  headingRef,
  onBack,
  environment,
  request,
  renewal = false,
  emulatorPortalUrl,
  portalStatus,
  onNext,
}: PortalStepProps) {
  const t = useMessages();
  return (
    <StepFrame
      headingRef={headingRef}
      title={t.portal.heading}
      lead={t.portal.lead}
      nav={<StepNav onBack={onBack} onNext={onNext} />}
    >
      {/* With the emulator on, its portal is where this is done: its link comes before the real one's. */}
      <EmulatorNote url={emulatorPortalUrl} environment={environment} section="certificate" />
      <p>
        <a href={ARCA_LOGIN_URL} target="_blank" rel="noopener noreferrer" className={link}>
          {t.portal.login}
          <span className="sr-only"> {t.portal.newTab}</span>
        </a>
      </p>
      {renewal && <p className="text-slate-700">{fill(t.renewal.sameAlias, { alias: request.alias })}</p>}
      {environment === 'sandbox' ? (
        <SandboxPortal request={request} renewal={renewal} emulator={emulatorPortalUrl !== undefined} />
      ) : (
        <LivePortal request={request} renewal={renewal} emulator={emulatorPortalUrl !== undefined} />
      )}
      <PortalStatusNote step="portal" status={portalStatus} />
    </StepFrame>
  );
}

/** «Adherir servicio», for a supplier whose Clave Fiscal does not list the portal's service yet. */
function EnableService({ environment }: { environment: Environment }) {
  const { portal: t } = useMessages();
  return (
    <Instruction arcaOnly hint={environment === 'live' ? t.enableLiveHint : t.enableHint}>
      {fill(t.enable, { service: t[environment].service })}
    </Instruction>
  );
}

interface PortalInstructionsProps {
  request: CertificateRequest;
  renewal: boolean;
  /** Done in the emulator's portal, which goes straight to its screens. */
  emulator: boolean;
}

function SandboxPortal({ request, renewal, emulator }: PortalInstructionsProps) {
  const {
    portal: { sandbox: t, sandboxRenewal: r },
  } = useMessages();
  return (
    <InstructionList emulator={emulator}>
      <EnableService environment="sandbox" />
      <Instruction arcaOnly>{t.open}</Instruction>
      {/* The emulator keeps one screen for both: an alias it knows gets one more certificate. */}
      <Instruction arcaOnly={renewal}>{renewal ? r.create : t.create}</Instruction>
      <Instruction>
        {renewal ? r.alias : t.alias}
        <AliasBox alias={request.alias} />
      </Instruction>
      <Instruction>
        {renewal ? r.paste : t.paste}
        <CsrBox csr={request.csr} />
      </Instruction>
      <Instruction>{renewal ? r.submit : t.submit}</Instruction>
      <Instruction>{t.save}</Instruction>
    </InstructionList>
  );
}

function LivePortal({ request, renewal, emulator }: PortalInstructionsProps) {
  const {
    portal: { live: t, liveRenewal: r },
  } = useMessages();
  if (renewal) {
    return (
      <InstructionList emulator={emulator}>
        <EnableService environment="live" />
        <Instruction arcaOnly>{t.open}</Instruction>
        <Instruction arcaOnly>
          {r.view}
          <AliasBox alias={request.alias} />
        </Instruction>
        <Instruction arcaOnly>{r.add}</Instruction>
        <Instruction>
          {r.upload}
          <CsrBox csr={request.csr} downloadFirst />
        </Instruction>
        <Instruction>{r.save}</Instruction>
      </InstructionList>
    );
  }
  return (
    <InstructionList emulator={emulator}>
      <EnableService environment="live" />
      <Instruction arcaOnly>{t.open}</Instruction>
      <Instruction>{t.add}</Instruction>
      <Instruction>
        {t.alias}
        <AliasBox alias={request.alias} />
      </Instruction>
      <Instruction>
        {t.upload}
        <CsrBox csr={request.csr} downloadFirst />
      </Instruction>
      <Instruction arcaOnly>{t.view}</Instruction>
      <Instruction>{t.save}</Instruction>
    </InstructionList>
  );
}
