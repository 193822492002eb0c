'use client';
// Sends the certificate (and key) once at a time, reporting the upload's progress and then the
// server's check at the authority.
import { useState } from 'react';
import { sendCertificate, type UploadParts, type UploadPhase } from '@/lib/wizard/upload-request';
import { useAsyncTask } from '@/components/wizard/use-async-task';

export function useCertificateUpload(ref: string) {
  const [phase, setPhase] = useState<UploadPhase>();
  const task = useAsyncTask((parts: UploadParts) => sendCertificate(ref, parts, setPhase).finally(() => setPhase(undefined)));
  return { ...task, phase };
}
