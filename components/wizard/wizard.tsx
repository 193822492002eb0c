'use client';
// The registration wizard: one screen at a time, in the order this registration needs (sandbox or
// live, our key or the supplier's own), starting where the supplier left off.
import type { RegistrationView } from '@/lib/wizard/types';
import { Announcer } from './announcer';
import { ProgressIndicator } from './progress-indicator';
import { Welcome } from './welcome';
import { AuthorizeStep } from './steps/authorize-step';
import { CompanyStep } from './steps/company-step';
import { DoneStep } from './steps/done-step';
import { PathStep } from './steps/path-step';
import { PointsOfSaleStep } from './steps/points-of-sale-step';
import { PortalStep } from './steps/portal-step';
import { UploadStep } from './steps/upload-step';
import { useWizardNavigation } from './use-wizard-navigation';

export interface WizardProps {
  view: RegistrationView;
  /** The emulator's portal pages, when the app runs against the emulator instead of ARCA. */
  emulatorPortalUrl?: string;
}

export function Wizard(props: WizardProps) {
  return (
    <Announcer>
      <WizardScreens {...props} />
    </Announcer>
  );
}

function WizardScreens({ view, emulatorPortalUrl }: WizardProps) {
  const { state, sequence, headingRef, goTo, back, forward, completed } = useWizardNavigation(view);
  const { environment, supplier, services } = view;
  const frame = { headingRef, onBack: back };
  const alias = state.request?.alias;

  return (
    <div>
      {state.step === 'company' && <Welcome />}
      <ProgressIndicator sequence={sequence} step={state.step} />
      {state.step === 'company' && (
        <CompanyStep {...frame} cuit={supplier.tax_id.code} initial={state.company} defaultLegalName={supplier.name}
          onDone={(company) => goTo('path', { company })} />
      )}
      {state.step === 'path' && (
        <PathStep {...frame} refId={view.ref} initial={state.path} request={state.request}
          onDone={(path, request) => goTo(forward(path), { path, request: request ?? state.request })} />
      )}
      {state.step === 'portal' && state.request && (
        <PortalStep {...frame} environment={environment} request={state.request} emulatorPortalUrl={emulatorPortalUrl}
          onNext={() => goTo(forward())} />
      )}
      {state.step === 'authorize' && (
        <AuthorizeStep {...frame} environment={environment} services={services} cuit={supplier.tax_id.code}
          alias={state.path === 'own' ? undefined : alias} emulatorPortalUrl={emulatorPortalUrl} onNext={() => goTo(forward())} />
      )}
      {state.step === 'upload' && (
        <UploadStep {...frame} refId={view.ref} path={state.path ?? 'generate'} environment={environment}
          onUploaded={completed} onAuthorize={() => goTo('authorize')} />
      )}
      {state.step === 'points_of_sale' && (
        <PointsOfSaleStep headingRef={headingRef} refId={view.ref}
          taxClassification={state.company?.tax_classification} onNext={() => goTo('done')} />
      )}
      {state.step === 'done' && state.result && (
        <DoneStep headingRef={headingRef} environment={environment} certificate={state.result.certificate} />
      )}
    </div>
  );
}
