'use client';
// The wizard's state machine: the current screen and what the supplier has decided so far. Every move
// is saved on the server (resume on any device), announced to an embedding page, and moves focus to
// the new screen's heading.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ProgressBody } from '@/lib/gov-ar/registration/progress-schema';
import { saveProgress } from '@/lib/wizard/api';
import { postToEmbedder } from '@/lib/wizard/embed-messages';
import { servicesToAuthorize } from '@/lib/wizard/renewal';
import { isAfterUpload, neighbour, resumeStep, stepsFor } from '@/lib/wizard/steps';
import type { CertificatePath, CertificateRequest, CompanyData, RegistrationView, UploadResult, WizardStep } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';

export interface WizardState {
  step: WizardStep;
  company?: CompanyData;
  path?: CertificatePath;
  request?: CertificateRequest;
  result?: UploadResult;
  status: string;
}

export function useWizardNavigation(view: RegistrationView) {
  const t = useMessages();
  const announce = useAnnounce();
  const [state, setState] = useState<WizardState>(() => ({
    step: resumeStep(view),
    company: view.progress.company,
    path: view.progress.path,
    request: view.csr,
    status: view.status,
  }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<WizardStep>(undefined);
  // Saves run one after another, so a slow earlier save never overwrites a later step.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const persist = useCallback((body: ProgressBody, onError: () => void) => {
    saving.current = saving.current.then(() => saveProgress(view.ref, body)).catch(onError);
  }, [view.ref]);

  useEffect(() => {
    // Not on first load: focus jumping there would skip the supplier's header for screen readers.
    if (shownStep.current !== undefined && shownStep.current !== state.step) headingRef.current?.focus();
    if (shownStep.current !== state.step) {
      postToEmbedder({ type: 'gov-ar.registration', event: 'step', ref: view.ref, status: state.status }, view.allowed_origins);
    }
    shownStep.current = state.step;
  }, [state.step, state.status, view.ref, view.allowed_origins]);

  // The authorization screen stays reachable when an upload finds a service unauthorized after all.
  const sequenceFor = (path: CertificatePath | undefined) =>
    stepsFor(view.environment, path, servicesToAuthorize(view, path).missing.length > 0 || state.step === 'authorize');
  const sequence = sequenceFor(state.path);

  // Moves may come from async callbacks (an upload finishing): read the latest state, not a stale closure.
  const latest = useRef(state);
  latest.current = state;

  const goTo = useCallback((step: WizardStep, decided: Partial<Omit<WizardState, 'step'>> = {}) => {
    const next = { ...latest.current, ...decided, step };
    latest.current = next;
    // A transition: the current screen stays until the next one's code is there, then focus moves to it.
    startTransition(() => setState(next));
    if (!isAfterUpload(step)) {
      persist({ step, company: next.company, path: next.path }, () => announce(t.errors.saveFailed));
    }
    window.scrollTo({ top: 0 });
  }, [persist, announce, t]);

  const completed = useCallback((result: UploadResult) => {
    postToEmbedder({ type: 'gov-ar.registration', event: 'completed', ref: view.ref, status: result.status }, view.allowed_origins);
    goTo(view.environment === 'live' ? 'points_of_sale' : 'done', { result, status: result.status });
  }, [goTo, view]);

  const back = () => {
    const previous = neighbour(sequence, state.step, -1);
    return previous && !isAfterUpload(state.step) ? () => goTo(previous) : undefined;
  };
  const forward = (path = state.path) => neighbour(sequenceFor(path), state.step, 1) ?? 'done';

  return { state, sequence, headingRef, goTo, back: back(), forward, completed };
}
