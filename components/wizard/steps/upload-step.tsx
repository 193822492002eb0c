'use client';
// Step (e): the supplier hands over the certificate (and the key, when they brought their own). The
// server checks everything, down to a login at the authority; its answer lands on the field to fix.
import { useEffect, useState, type FormEvent } from 'react';
import { MAX_UPLOAD_FILE_BYTES } from '@/lib/gov-ar/registration/upload-limits';
import type { UploadParts, UploadPhase } from '@/lib/wizard/upload-request';
import type { CertificatePath, Environment, UploadResult } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';
import { FileField, type FileChoice } from '@/components/wizard/upload/file-field';
import { KeyPasswordField } from '@/components/wizard/upload/key-password-field';
import { UploadProblemNotice } from '@/components/wizard/upload/upload-problem-notice';
import { UploadProgress } from '@/components/wizard/upload/upload-progress';
import { describeFailure, type UploadFailure } from '@/components/wizard/upload/upload-problem';
import { misplacedContent, readChoice } from '@/components/wizard/upload/misplaced-content';
import { useCertificateUploadMutation } from '@/components/wizard/use-registration-service';
import { useKeyEncryption } from '@/components/wizard/upload/use-key-encryption';

interface UploadStepProps extends StepProps {
  refId: string;
  path: CertificatePath;
  environment: Environment;
  onUploaded: (result: UploadResult) => void;
  onAuthorize: () => void;
}

const NOTHING: FileChoice = { text: '' };
const isPasted = (choice: FileChoice) => !choice.file && choice.text.trim() !== '';
const chosen = (choice: FileChoice) => choice.file ?? (choice.text.trim() || undefined);

export function UploadStep({ headingRef, onBack, refId, path, environment, onUploaded, onAuthorize }: UploadStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const announce = useAnnounce();
  const [certificate, setCertificate] = useState(NOTHING);
  const [key, setKey] = useState(NOTHING);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<UploadFailure>();
  // Once the server asked for the password, the field stays (a binary key never says ENCRYPTED).
  const [passwordAsked, setPasswordAsked] = useState(false);
  const keyEncrypted = useKeyEncryption(key);
  const [phase, setPhase] = useState<UploadPhase>();
  const upload = useCertificateUploadMutation(refId, setPhase);
  const problem = failure && describeFailure(failure, { locale, t, environment, path });
  const askPassword = path === 'own' && (keyEncrypted || passwordAsked);

  const fail = (found: UploadFailure) => {
    const described = describeFailure(found, { locale, t, environment, path });
    setFailure(found);
    if (described.field === 'password') setPasswordAsked(true);
    announce(described.message);
  };
  const focusTarget = (field: string | undefined) => {
    if (!field) return 'upload-problem';
    const choice = field === 'certificate' ? certificate : field === 'key' ? key : undefined;
    return choice && isPasted(choice) ? `upload-${field}-text` : `upload-${field}`;
  };
  // Once rendered (the field to fix may only appear with this problem, the password): a pasted text's
  // problem sends focus to the text area typed in, a problem of the whole upload to its notice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure once, when it is shown (not again on typing).
  useEffect(() => {
    if (problem) document.getElementById(focusTarget(problem.field))?.focus();
  }, [failure]);
  const send = (parts: UploadParts) => {
    setFailure(undefined);
    upload.mutate(parts, { onSuccess: onUploaded, onError: (error) => fail({ kind: 'service', error }) });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    for (const [field, choice] of [
      ['certificate', certificate],
      ['key', path === 'own' ? key : NOTHING],
    ] as const) {
      const misplaced = misplacedContent(field, await readChoice(choice));
      if (misplaced) return fail({ kind: 'local', code: misplaced, field });
    }
    const parts = {
      certificate: chosen(certificate),
      key: path === 'own' ? chosen(key) : undefined,
      password: askPassword ? password : undefined,
    };
    if (!parts.certificate) return fail({ kind: 'local', code: 'certificate_missing', field: 'certificate' });
    if (path === 'own' && !parts.key) return fail({ kind: 'local', code: 'key_missing', field: 'key' });
    const tooLarge = (
      [
        ['certificate', certificate],
        ['key', key],
      ] as const
    ).find(([, choice]) => (choice.file?.size ?? 0) > MAX_UPLOAD_FILE_BYTES);
    if (tooLarge) return fail({ kind: 'local', code: 'file_too_large', field: tooLarge[0] });
    send({ ...parts, certificate: parts.certificate });
  };
  const fieldError = (field: string) => (problem?.field === field ? problem.message : undefined);
  // A new file answers the problem shown on its field.
  const change = (field: 'certificate' | 'key', set: (value: FileChoice) => void) => (value: FileChoice) => {
    set(value);
    if (field === 'key') setPasswordAsked(false);
    if (problem?.field === field || (field === 'key' && problem?.field === 'password')) setFailure(undefined);
  };

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.upload.heading[path]}
      lead={t.upload.lead[path]}
      nav={<StepNav onBack={onBack} form="upload-form" busy={upload.isPending} nextLabel={t.upload.submit} />}
    >
      <form id="upload-form" noValidate onSubmit={submit} className="space-y-6" aria-busy={upload.isPending}>
        <FileField
          name="certificate"
          label={t.upload.certificate}
          pasteLabel={t.upload.certificateText}
          placeholder="-----BEGIN CERTIFICATE-----"
          value={certificate}
          onChange={change('certificate', setCertificate)}
          error={fieldError('certificate')}
        />
        {path === 'own' && (
          <FileField
            name="key"
            label={t.upload.key}
            pasteLabel={t.upload.keyText}
            placeholder="-----BEGIN PRIVATE KEY-----"
            value={key}
            onChange={change('key', setKey)}
            error={fieldError('key')}
          />
        )}
        {askPassword && <KeyPasswordField value={password} onChange={setPassword} error={fieldError('password')} />}
        {problem && !problem.field && (
          <UploadProblemNotice
            id="upload-problem"
            problem={problem}
            onRetry={upload.variables ? () => send(upload.variables!) : undefined}
            onAuthorize={onAuthorize}
          />
        )}
        <UploadProgress phase={phase} />
      </form>
    </StepFrame>
  );
}
