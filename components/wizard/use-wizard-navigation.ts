'use client';
// The wizard's state machine: the current screen and what the supplier has decided so far. Every move
// is a browser history entry (?step=..., so Back goes to the previous screen and a reload stays put),
// is saved on the server (resume on any device, and the entry's gov-ar/registration record follows),
// is announced to an embedding page, and moves focus to the new screen's heading.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { pageContent, pageHeight, postToEmbedder } from '@/lib/wizard/embed-messages';
import { servicesToAuthorize } from '@/lib/wizard/renewal';
import {
  isAfterUpload,
  isDoneAtPortal,
  isStepDone,
  landingStep,
  neighbour,
  stepsFor,
  type StepFacts,
} from '@/lib/wizard/steps';
import type {
  CertificatePath,
  CertificateRequest,
  CompanyData,
  PendingItem,
  RegistrationView,
  UploadResult,
  WizardStep,
} from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { usePortalRecord, useSaveProgress } from '@/components/wizard/use-registration-service';
import type { PortalStatus } from '@/components/wizard/portal-status';

export interface WizardState {
  step: WizardStep;
  company?: CompanyData;
  path?: CertificatePath;
  request?: CertificateRequest;
  result?: UploadResult;
  status: string;
  pending: PendingItem[];
}

const STEP_PARAM = 'step';

/** The page's URL with the step in it (other parameters, such as embed=1, kept). */
function urlFor(step: WizardStep): string {
  const url = new URL(window.location.href);
  url.searchParams.set(STEP_PARAM, step);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The screens during which the supplier works in the authority's portal, whose record the wizard watches. */
const PORTAL_WORK: readonly WizardStep[] = ['portal', 'authorize', 'upload'];

/** The screens in order; the authorization screen stays reachable when an upload finds a service unauthorized after all. */
function sequenceOf(view: RegistrationView, path: CertificatePath | undefined, step: WizardStep): WizardStep[] {
  return stepsFor(view.environment, path, servicesToAuthorize(view, path).missing.length > 0 || step === 'authorize');
}

export function useWizardNavigation(view: RegistrationView, requestedStep?: WizardStep) {
  const t = useMessages();
  const announce = useAnnounce();
  const [state, setState] = useState<WizardState>(() => ({
    step: landingStep(view, requestedStep),
    company: view.progress.company,
    path: view.progress.path,
    request: view.csr,
    result: view.completed,
    status: view.status,
    pending: view.pending,
  }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<WizardStep>(undefined);
  const save = useSaveProgress(view.ref).mutate;

  // Moves may come from async callbacks (an upload finishing): read the latest state, not a stale closure.
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    // Not on first load: focus jumping there would skip the supplier's header for screen readers.
    if (shownStep.current !== undefined && shownStep.current !== state.step) headingRef.current?.focus();
    if (shownStep.current !== state.step) {
      postToEmbedder(
        {
          type: 'gov-ar.registration',
          event: 'step',
          step: state.step,
          ref: view.ref,
          status: state.status,
          pending: state.pending,
          height: pageHeight(),
        },
        view.allowed_origins,
      );
    }
    shownStep.current = state.step;
  }, [state.step, state.status, state.pending, view.ref, view.allowed_origins]);

  // The host sizes its frame to the page: each change of height is told, with where the supplier is.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || window.parent === window) return;
    let told = -1;
    const observer = new ResizeObserver(() => {
      const height = pageHeight();
      if (height === told) return;
      told = height;
      const { step, status, pending } = latest.current;
      postToEmbedder(
        { type: 'gov-ar.registration', event: 'resize', step, ref: view.ref, status, pending, height },
        view.allowed_origins,
      );
    });
    const content = pageContent();
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [view.ref, view.allowed_origins]);

  const show = useCallback(
    (step: WizardStep, decided: Partial<Omit<WizardState, 'step'>>, history: 'push' | 'none') => {
      const next = { ...latest.current, ...decided, step };
      latest.current = next;
      // A transition: the current screen stays until the next one's code is there, then focus moves to it.
      startTransition(() => setState(next));
      if (history === 'push') window.history.pushState({ wizardStep: step }, '', urlFor(step));
      if (!next.result && !isAfterUpload(step)) {
        save({ step, company: next.company, path: next.path }, { onError: () => announce(t.errors.saveFailed) });
      }
      window.scrollTo({ top: 0 });
    },
    [save, announce, t],
  );

  const goTo = useCallback(
    (step: WizardStep, decided: Partial<Omit<WizardState, 'step'>> = {}) => show(step, decided, 'push'),
    [show],
  );

  // The landing step is in the URL from the start, so Back from the next screen returns to it.
  useEffect(() => {
    window.history.replaceState({ wizardStep: latest.current.step }, '', urlFor(latest.current.step));
  }, []);

  useEffect(() => {
    const onPopState = () => {
      const current = latest.current;
      const wanted = new URL(window.location.href).searchParams.get(STEP_PARAM);
      const sequence = sequenceOf(view, current.path, current.step);
      const target = sequence.find((step) => step === wanted) ?? sequence[0]!;
      // Once uploaded there is no way back to the screens before: stay, and keep this screen in history.
      if (current.result && !isAfterUpload(target)) {
        window.history.pushState({ wizardStep: current.step }, '', urlFor(current.step));
        return;
      }
      if (target !== current.step) show(target, {}, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show, view]);

  const completed = useCallback(
    (result: UploadResult) => {
      const pending = latest.current.pending.filter((item) => item === 'point_of_sale');
      postToEmbedder(
        {
          type: 'gov-ar.registration',
          event: 'completed',
          ref: view.ref,
          status: result.status,
          pending,
          height: pageHeight(),
        },
        view.allowed_origins,
      );
      goTo(view.environment === 'live' ? 'points_of_sale' : 'done', { result, status: result.status, pending });
    },
    [goTo, view],
  );

  /** The authority's answer about points of sale: a usable one settles what was pending. */
  const pointOfSaleChecked = useCallback((usable: boolean) => {
    const pending: PendingItem[] = [
      ...latest.current.pending.filter((item) => item !== 'point_of_sale'),
      ...(usable ? [] : ['point_of_sale' as const]),
    ];
    if (pending.join() !== latest.current.pending.join()) {
      latest.current = { ...latest.current, pending };
      setState(latest.current);
    }
  }, []);

  // Where the service can ask the portal (the emulator: the view has its record), it is watched while the
  // supplier works there, so the portal and authorization steps show done as soon as the portal has them.
  const watching =
    view.portal_record !== undefined && state.path === 'generate' && !state.result && PORTAL_WORK.includes(state.step);
  const portalQuery = usePortalRecord(view.ref, watching);
  const portalRecord = portalQuery.data === undefined ? view.portal_record : (portalQuery.data ?? undefined);

  const sequence = sequenceOf(view, state.path, state.step);
  const facts: StepFacts = {
    company: state.company,
    path: state.path,
    request: state.request,
    uploaded: state.result !== undefined,
    pending: state.pending,
    portalRecord,
    services: view.services,
  };
  const back = () => {
    const previous = neighbour(sequence, state.step, -1);
    if (!previous) return undefined;
    if (isAfterUpload(state.step)) return isAfterUpload(previous) ? () => goTo(previous) : undefined;
    return () => goTo(previous);
  };
  const forward = (path = state.path) => neighbour(sequenceOf(view, path, state.step), state.step, 1) ?? 'done';
  const isDone = (step: WizardStep) => isStepDone(step, facts);
  /** What the portal step or the authorization step can say about the portal now. */
  const portalStatus = (step: 'portal' | 'authorize'): PortalStatus =>
    state.path !== 'generate' || !portalRecord ? 'unknown' : isDoneAtPortal(step, facts) ? 'done' : 'waiting';

  return { state, headingRef, goTo, back: back(), forward, completed, pointOfSaleChecked, isDone, portalStatus };
}
