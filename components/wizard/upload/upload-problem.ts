// What went wrong with an upload, for the screen: the field to fix (the server's `fields` key) and the
// server's own sentence in the supplier's language, which says what to do next.
import { CERTIFICATE_ERROR_MESSAGES, type CertificateErrorCode } from '@/lib/ar/certificates/errors';
import type { Locale, Messages } from '@/lib/i18n/messages';
import { ServiceError } from '@/lib/wizard/api';
import type { CertificatePath, Environment, UploadField } from '@/lib/wizard/types';
import type { Misplaced } from '@/components/wizard/upload/misplaced-content';

export interface UploadProblem {
  code: string;
  /** Where to show it; none for problems of the whole upload (the authority, the service's authorisation). */
  field?: UploadField;
  message: string;
  retryAfterSeconds?: number;
}

const UPLOAD_FIELDS: readonly string[] = ['certificate', 'key', 'password'];

interface Situation {
  locale: Locale;
  t: Messages;
  environment: Environment;
  path: CertificatePath;
}

/** What failed, kept as is so that its sentence follows a change of language. */
export type UploadFailure =
  | { kind: 'service'; error: unknown }
  | { kind: 'local'; code: LocalCode; field: UploadField };

type LocalCode = CertificateErrorCode | 'file_too_large' | Misplaced;

export function describeFailure(failure: UploadFailure, situation: Situation): UploadProblem {
  return failure.kind === 'service'
    ? uploadProblem(failure.error, situation)
    : localProblem(failure.code, failure.field, situation);
}

/** Our own copy of the advice, for the checks made before sending. */
function localProblem(code: LocalCode, field: UploadField, { locale, t, environment, path }: Situation): UploadProblem {
  if (code === 'file_too_large') return { code, field, message: t.upload.tooLarge };
  if (code === 'key_in_certificate') {
    return {
      code,
      field,
      message: path === 'generate' ? t.upload.keyInCertificateGenerated : t.upload.keyInCertificate,
    };
  }
  if (code === 'certificate_in_key') return { code, field, message: t.upload.certificateInKey };
  const messages = CERTIFICATE_ERROR_MESSAGES[code]({ environment });
  return { code, field, message: locale === 'en' ? messages.en : messages.es };
}

function uploadProblem(error: unknown, { locale, t, environment, path }: Situation): UploadProblem {
  if (!(error instanceof ServiceError)) return { code: 'network', message: t.errors.network };
  const { body, retryAfterSeconds } = error;
  const known = CERTIFICATE_ERROR_MESSAGES[body.code as CertificateErrorCode]?.({ environment, service: body.service });
  const messages = body.messages ?? known;
  let message = messages
    ? locale === 'en'
      ? messages.en
      : messages.es
    : body.code === 'link_used'
      ? t.errors.linkUsed
      : t.errors.generic;
  // With the key we made there is no key field on screen: no advice may send the supplier to one.
  if (
    path === 'generate' &&
    body.code === 'certificate_unreadable' &&
    messages?.es !==
      CERTIFICATE_ERROR_MESSAGES.certificate_unreadable({ environment, reason: 'too_many_certificates' }).es
  ) {
    message = t.upload.certificateUnreadableGenerated;
  }
  let field = Object.keys(body.fields ?? {}).find((name) => UPLOAD_FIELDS.includes(name)) as UploadField | undefined;
  // With the key we made there is no key field on screen: the problem is the certificate's.
  if (field === 'key' && path === 'generate') field = 'certificate';
  return { code: body.code, field, message, retryAfterSeconds };
}
