// A private key where the certificate goes, or a certificate where the key goes: told apart from the
// PEM labels before anything is sent, so the supplier hears which file is in which field.
import type { FileChoice } from '@/components/wizard/upload/file-field';

export type Misplaced = 'key_in_certificate' | 'certificate_in_key';

const KEY_LABEL = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;
const CERTIFICATE_LABEL = /-----BEGIN CERTIFICATE-----/;

/** The first 64 KiB of what was chosen, as text (a binary DER file reads as noise, and is left to the server). */
export async function readChoice(choice: FileChoice): Promise<string> {
  if (!choice.file) return choice.text;
  try {
    return await choice.file.slice(0, 64 * 1024).text();
  } catch {
    return '';
  }
}

export function misplacedContent(field: 'certificate' | 'key', content: string): Misplaced | undefined {
  const hasKey = KEY_LABEL.test(content);
  const hasCertificate = CERTIFICATE_LABEL.test(content);
  if (field === 'certificate' && hasKey && !hasCertificate) return 'key_in_certificate';
  if (field === 'key' && hasCertificate && !hasKey) return 'certificate_in_key';
  return undefined;
}
