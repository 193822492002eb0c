'use client';
// The wizard's reads and mutations of gov-ar/v1 through TanStack Query: its cache holds the points of
// sale, and its mutation scope runs progress saves one after another (a slow earlier save never
// overwrites a later step).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ProgressBody } from '@/lib/responses/gov-ar-progress';
import { fetchPointsOfSale, fetchRegistration, requestCertificateRequest, saveProgress } from '@/lib/wizard/api';
import { sendCertificate, type UploadParts, type UploadPhase } from '@/lib/wizard/upload-request';

const registrationKeys = {
  pointsOfSale: (ref: string) => ['gov-ar', 'registrations', ref, 'points-of-sale'] as const,
  portalRecord: (ref: string) => ['gov-ar', 'registrations', ref, 'portal-record'] as const,
};

export function useSaveProgress(ref: string) {
  return useMutation({ mutationFn: (body: ProgressBody) => saveProgress(ref, body), scope: { id: `progress:${ref}` } });
}

export function useCertificateRequest(ref: string) {
  return useMutation({ mutationFn: () => requestCertificateRequest(ref) });
}

export function useCertificateUploadMutation(ref: string, onPhase: (phase: UploadPhase | undefined) => void) {
  return useMutation({
    mutationFn: (parts: UploadParts) => sendCertificate(ref, parts, onPhase).finally(() => onPhase(undefined)),
  });
}

/** Asked afresh each time the step opens and on «Actualizar lista» (the supplier may have just added one). */
export function usePointsOfSale(ref: string) {
  return useQuery({
    queryKey: registrationKeys.pointsOfSale(ref),
    queryFn: () => fetchPointsOfSale(ref),
    staleTime: 0,
    retry: false,
  });
}

/** How often the portal's record is asked again while the supplier works there in another tab. */
const PORTAL_RECORD_INTERVAL_MS = 4000;

/**
 * What the authority's portal holds for the link's request (asked through the registration's view), while
 * `watching`: every few seconds and when the supplier comes back to this tab. Only where the service can
 * ask the portal (the emulator); against ARCA the view has no record and nothing is asked.
 */
export function usePortalRecord(ref: string, watching: boolean) {
  return useQuery({
    queryKey: registrationKeys.portalRecord(ref),
    queryFn: async () => (await fetchRegistration(ref)).portal_record ?? null,
    enabled: watching,
    refetchInterval: watching ? PORTAL_RECORD_INTERVAL_MS : false,
    refetchOnWindowFocus: watching,
    retry: false,
  });
}
