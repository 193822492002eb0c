// Which screens a registration goes through, which of them are done (by what the server knows, not by
// what was seen), and where a supplier lands on opening or reloading the link.
import { WIZARD_STEPS } from '@/lib/responses/gov-ar-wizard-steps';
import { servicesToAuthorize } from '@/lib/wizard/renewal';
import type {
  CertificatePath,
  Environment,
  PendingItem,
  PortalRecord,
  RegistrationView,
  WizardStep,
} from '@/lib/wizard/types';

/**
 * The screens in order: bringing your own certificate skips the portal; a renewal whose alias is already
 * authorized for every service skips the authorization (lib/wizard/renewal.ts); only live asks for points of sale.
 */
export function stepsFor(environment: Environment, path: CertificatePath | undefined, authorize = true): WizardStep[] {
  return progressSteps(environment)
    .filter((step) => !(path === 'own' && step === 'portal') && !(!authorize && step === 'authorize'))
    .concat('done');
}

/**
 * The steps the progress bar counts: the same whichever certificate path is chosen (the portal is shown
 * as not needed for one's own), and not the closing screen, which is the outcome rather than a step.
 */
export function progressSteps(environment: Environment): WizardStep[] {
  return [
    'company',
    'path',
    'portal',
    'authorize',
    'upload',
    ...(environment === 'live' ? ['points_of_sale' as const] : []),
  ];
}

export interface StepFacts {
  company?: unknown;
  path?: CertificatePath;
  request?: unknown;
  /** The upload was accepted: the authority trusts the certificate and has the service authorized for it. */
  uploaded: boolean;
  pending: readonly PendingItem[];
  /** What the authority's portal holds for our request, where the server can ask it (the emulator); else undefined. */
  portalRecord?: PortalRecord;
  /** The services this registration needs authorized. */
  services?: readonly string[];
}

/** The portal holds what a step asked for our request: the certificate made, or every service authorized. */
export function isDoneAtPortal(step: 'portal' | 'authorize', facts: StepFacts): boolean {
  const record = facts.path === 'generate' ? facts.portalRecord : undefined;
  if (!record) return false;
  if (step === 'portal') return record.certificate_issued;
  const services = facts.services ?? [];
  const authorized: readonly string[] = record.authorized_services;
  return services.length > 0 && services.every((service) => authorized.includes(service));
}

/**
 * Done means proven, by the authority: the portal and the authorization as soon as its portal shows them
 * (only the emulator can be asked before the upload), else once it accepted the upload (its WSAA login).
 */
export function isStepDone(step: WizardStep, facts: StepFacts): boolean {
  switch (step) {
    case 'company':
      return facts.company !== undefined;
    case 'path':
      return facts.path === 'own' || (facts.path === 'generate' && facts.request !== undefined) || facts.uploaded;
    case 'portal':
    case 'authorize':
      return facts.uploaded || isDoneAtPortal(step, facts);
    case 'upload':
      return facts.uploaded;
    case 'points_of_sale':
      return facts.uploaded && !facts.pending.includes('point_of_sale');
    case 'done':
      return facts.uploaded && facts.pending.length === 0;
  }
}

/** After the upload the link is used: nothing more is saved and there is no way back. */
export const isAfterUpload = (step: WizardStep) => step === 'points_of_sale' || step === 'done';

export const asWizardStep = (value: unknown): WizardStep | undefined =>
  (WIZARD_STEPS as readonly unknown[]).includes(value) ? (value as WizardStep) : undefined;

/** The saved step, unless it is not reachable with what was saved (then the first screen that still needs an answer). */
function resumeStep(view: RegistrationView): WizardStep {
  if (view.completed) return 'points_of_sale';
  const { step, company, path } = view.progress;
  const sequence = stepsFor(view.environment, path, servicesToAuthorize(view, path).missing.length > 0);
  if (step === 'company' || !company) return 'company';
  if (step === 'path' || !path || (path === 'generate' && !view.csr)) return 'path';
  // The link is still open, so the upload has not happened yet.
  if (isAfterUpload(step)) return 'upload';
  return sequence.includes(step) ? step : 'authorize';
}

/**
 * The step a URL asks for (?step=), when the supplier may be there: before the upload, any step up to
 * the saved one; after it, only the points of sale and the closing screen. Else where they resume.
 */
export function landingStep(view: RegistrationView, requested: WizardStep | undefined): WizardStep {
  const resume = resumeStep(view);
  if (!requested) return resume;
  if (view.completed) return isAfterUpload(requested) ? requested : resume;
  const { path } = view.progress;
  const sequence = stepsFor(view.environment, path, servicesToAuthorize(view, path).missing.length > 0);
  const index = sequence.indexOf(requested);
  return index >= 0 && index <= sequence.indexOf(resume) ? requested : resume;
}

export function neighbour(sequence: WizardStep[], step: WizardStep, offset: 1 | -1): WizardStep | undefined {
  return sequence[sequence.indexOf(step) + offset];
}
