'use client';
// The registration wizard: one screen at a time, in the order this registration needs (sandbox or
// live, our key or the supplier's own), starting where the supplier left off (or, for a used live link
// still without a point of sale, at the points of sale). Its calls go through TanStack Query.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { progressSteps } from '@/lib/wizard/steps';
import type { RegistrationView, WizardStep } from '@/lib/wizard/types';
import { Announcer } from '@/components/wizard/announcer';
import { ProgressIndicator } from '@/components/wizard/progress-indicator';
import { useMessages } from '@/components/i18n/locale-context';
import { useWizardNavigation, type WizardState } from '@/components/wizard/use-wizard-navigation';
import { servicesToAuthorize } from '@/lib/wizard/renewal';

// Each screen is its own chunk: the page loads (and preloads, once rendered on the server) only the
// screen it opens on. The imports stay inline: Next reads them to know which chunks to preload.
const CompanyStep = dynamic(() =>
  import('@/components/wizard/steps/company-step').then((module) => module.CompanyStep),
);
const PathStep = dynamic(() => import('@/components/wizard/steps/path-step').then((module) => module.PathStep));
const PortalStep = dynamic(() => import('@/components/wizard/steps/portal-step').then((module) => module.PortalStep));
const AuthorizeStep = dynamic(() =>
  import('@/components/wizard/steps/authorize-step').then((module) => module.AuthorizeStep),
);
const UploadStep = dynamic(() => import('@/components/wizard/steps/upload-step').then((module) => module.UploadStep));
const PointsOfSaleStep = dynamic(() =>
  import('@/components/wizard/steps/points-of-sale-step').then((module) => module.PointsOfSaleStep),
);
const DoneStep = dynamic(() => import('@/components/wizard/steps/done-step').then((module) => module.DoneStep));

const STEP_CHUNKS = [
  () => import('@/components/wizard/steps/company-step'),
  () => import('@/components/wizard/steps/path-step'),
  () => import('@/components/wizard/steps/portal-step'),
  () => import('@/components/wizard/steps/authorize-step'),
  () => import('@/components/wizard/steps/upload-step'),
  () => import('@/components/wizard/steps/points-of-sale-step'),
  () => import('@/components/wizard/steps/done-step'),
];

/** Fetches every screen's code once the browser is idle, so moving on never waits for the network. */
function usePrefetchedSteps() {
  useEffect(() => {
    const prefetch = () => STEP_CHUNKS.forEach((load) => void load());
    if (typeof requestIdleCallback !== 'function') return void setTimeout(prefetch, 1000);
    const handle = requestIdleCallback(prefetch);
    return () => cancelIdleCallback(handle);
  }, []);
}

export interface WizardProps {
  view: RegistrationView;
  /** The step the page's URL names (?step=), honoured when the supplier may be there. */
  requestedStep?: WizardStep;
  /** The emulator's portal pages, when the app runs against the emulator instead of ARCA. */
  emulatorPortalUrl?: string;
}

export function Wizard(props: WizardProps) {
  // One client per wizard: its cache is this registration's and nothing else's.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Announcer>
        <WizardScreens {...props} />
      </Announcer>
    </QueryClientProvider>
  );
}

/** A renewal authorizes only what its alias lacks (when every service is missing, the usual lead says so). */
function authorizeServices(view: RegistrationView, path: WizardState['path']) {
  const { missing, authorized } = servicesToAuthorize(view, path);
  return missing.length ? { services: missing, authorized } : { services: view.services };
}

function WizardScreens({ view, requestedStep, emulatorPortalUrl }: WizardProps) {
  const { state, headingRef, goTo, back, forward, completed, pointOfSaleChecked, isDone, portalStatus } =
    useWizardNavigation(view, requestedStep);
  usePrefetchedSteps();
  const { environment, supplier } = view;
  const frame = { headingRef, onBack: back };
  const alias = state.request?.alias;

  return (
    <div>
      {state.step === 'company' && <Welcome />}
      <ProgressIndicator
        steps={progressSteps(environment)}
        step={state.step}
        isDone={isDone}
        incomplete={state.pending.includes('point_of_sale')}
        skipped={[
          ...(state.path === 'own' ? ['portal' as const] : []),
          ...(servicesToAuthorize(view, state.path).missing.length === 0 && state.step !== 'authorize'
            ? ['authorize' as const]
            : []),
        ]}
      />
      {state.step === 'company' && (
        <CompanyStep
          {...frame}
          refId={view.ref}
          cuit={supplier.tax_id.code}
          initial={state.company}
          prefill={view.prefill}
          onDone={(company) => goTo('path', { company })}
        />
      )}
      {state.step === 'path' && (
        <PathStep
          {...frame}
          refId={view.ref}
          initial={state.path}
          request={state.request}
          onDone={(path, request) => goTo(forward(path), { path, request: request ?? state.request })}
        />
      )}
      {state.step === 'portal' && state.request && (
        <PortalStep
          {...frame}
          environment={environment}
          request={state.request}
          emulatorPortalUrl={emulatorPortalUrl}
          renewal={view.renewal && view.current_certificate?.alias === state.request.alias}
          portalStatus={portalStatus('portal')}
          onNext={() => goTo(forward())}
        />
      )}
      {state.step === 'authorize' && (
        <AuthorizeStep
          {...frame}
          environment={environment}
          {...authorizeServices(view, state.path)}
          cuit={supplier.tax_id.code}
          alias={state.path === 'own' ? undefined : alias}
          emulatorPortalUrl={emulatorPortalUrl}
          portalStatus={portalStatus('authorize')}
          onNext={() => goTo(forward())}
        />
      )}
      {state.step === 'upload' && (
        <UploadStep
          {...frame}
          refId={view.ref}
          path={state.path ?? 'generate'}
          environment={environment}
          onUploaded={completed}
          onAuthorize={() => goTo('authorize')}
        />
      )}
      {state.step === 'points_of_sale' && (
        <PointsOfSaleStep
          headingRef={headingRef}
          refId={view.ref}
          taxClassification={state.company?.tax_classification}
          emulatorPortalUrl={emulatorPortalUrl}
          onChecked={pointOfSaleChecked}
          onNext={() => goTo('done')}
        />
      )}
      {state.step === 'done' && state.result && (
        <DoneStep {...frame} environment={environment} certificate={state.result.certificate} pending={state.pending} />
      )}
    </div>
  );
}

/** The first screen's few words on what is about to happen, and that leaving is safe. */
function Welcome() {
  const t = useMessages();
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-base leading-relaxed text-slate-800">{t.supplier.intro}</p>
      <p className="mt-2 text-sm text-slate-600">{t.supplier.resume}</p>
    </div>
  );
}
