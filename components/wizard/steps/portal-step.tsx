'use client';
// Step (c): creating the certificate in the authority's portal, with the portal's own labels and the
// alias and request ready to copy where the supplier needs them.
import type { CertificateRequest, Environment } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { EmulatorNote } from '@/components/wizard/emulator-note';
import { Instruction, InstructionList } from '@/components/wizard/instruction-list';
import { AliasBox } from '@/components/wizard/request/alias-box';
import { CsrBox } from '@/components/wizard/request/csr-box';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';

interface PortalStepProps extends StepProps {
  environment: Environment;
  request: CertificateRequest;
  emulatorPortalUrl?: string;
  onNext: () => void;
}

export function PortalStep({ headingRef, onBack, environment, request, emulatorPortalUrl, onNext }: PortalStepProps) {
  const t = useMessages();
  return (
    <StepFrame headingRef={headingRef} title={t.portal.heading} lead={t.portal.lead}
      nav={<StepNav onBack={onBack} onNext={onNext} />}>
      <EmulatorNote url={emulatorPortalUrl} />
      {environment === 'sandbox' ? <SandboxPortal request={request} /> : <LivePortal request={request} />}
    </StepFrame>
  );
}

function SandboxPortal({ request }: { request: CertificateRequest }) {
  const { portal: { sandbox: t } } = useMessages();
  return (
    <InstructionList>
      <Instruction hint={t.openHint}>{t.open}</Instruction>
      <Instruction>{t.create}</Instruction>
      <Instruction>{t.alias}<AliasBox alias={request.alias} /></Instruction>
      <Instruction>{t.paste}<CsrBox csr={request.csr} /></Instruction>
      <Instruction>{t.submit}</Instruction>
      <Instruction>{t.save}</Instruction>
    </InstructionList>
  );
}

function LivePortal({ request }: { request: CertificateRequest }) {
  const { portal: { live: t } } = useMessages();
  return (
    <InstructionList>
      <Instruction hint={t.openHint}>{t.open}</Instruction>
      <Instruction>{t.alias}<AliasBox alias={request.alias} /></Instruction>
      <Instruction>{t.upload}<CsrBox csr={request.csr} downloadFirst /></Instruction>
      <Instruction>{t.save}</Instruction>
    </InstructionList>
  );
}
