// The certificate upload, over XMLHttpRequest because fetch cannot report upload progress.
import { registrationPath, toServiceError } from '@/lib/wizard/api';
import type { UploadResult } from '@/lib/wizard/types';

export interface UploadParts {
  certificate: Blob | string;
  key?: Blob | string;
  password?: string;
}

export type UploadPhase = { phase: 'sending'; percent: number } | { phase: 'verifying' };

export function sendCertificate(
  ref: string,
  parts: UploadParts,
  onPhase: (phase: UploadPhase) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('certificate', parts.certificate);
  if (parts.key) form.append('key', parts.key);
  if (parts.password) form.append('password', parts.password);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${registrationPath(ref)}/certificate`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onPhase({ phase: 'sending', percent: Math.round((event.loaded / event.total) * 100) });
    };
    // The bytes are there; the server now checks the certificate, including a login at the authority.
    request.upload.onload = () => onPhase({ phase: 'verifying' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as UploadResult);
        } catch {
          reject(toServiceError(500, '', null));
        }
      } else {
        reject(toServiceError(request.status, request.responseText, request.getResponseHeader('retry-after')));
      }
    };
    request.onerror = () => reject(new TypeError('network'));
    request.ontimeout = () => reject(new TypeError('network'));
    onPhase({ phase: 'sending', percent: 0 });
    request.send(form);
  });
}
