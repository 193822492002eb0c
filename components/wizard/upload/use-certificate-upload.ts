'use client';
// Sends the certificate (and key) once at a time, reporting the upload's progress and then the
// server's check at the authority.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sendCertificate, type UploadParts, type UploadPhase } from '@/lib/wizard/upload-request';

export function useCertificateUpload(ref: string) {
  const [phase, setPhase] = useState<UploadPhase>();
  const mutation = useMutation({
    mutationFn: (parts: UploadParts) => sendCertificate(ref, parts, setPhase),
    onSettled: () => setPhase(undefined),
  });
  return { ...mutation, phase };
}
