// Which screens a registration goes through, and where a returning supplier resumes.
import { servicesToAuthorize } from '@/lib/wizard/renewal';
import type { CertificatePath, Environment, RegistrationView, WizardStep } from '@/lib/wizard/types';

/**
 * The screens in order: bringing your own certificate skips the portal; a renewal whose alias is already
 * authorized for every service skips the authorization (lib/wizard/renewal.ts); only live asks for points of sale.
 */
export function stepsFor(environment: Environment, path: CertificatePath | undefined, authorize = true): WizardStep[] {
  return [
    'company',
    'path',
    ...(path === 'own' ? [] : ['portal' as const]),
    ...(authorize ? ['authorize' as const] : []),
    'upload',
    ...(environment === 'live' ? ['points_of_sale' as const] : []),
    'done',
  ];
}

/** After the upload the link is used: nothing more is saved and there is no way back. */
export const isAfterUpload = (step: WizardStep) => step === 'points_of_sale' || step === 'done';

/** The saved step, unless it is not reachable with what was saved (then the first screen that still needs an answer). */
export function resumeStep(view: RegistrationView): WizardStep {
  const { step, company, path } = view.progress;
  const sequence = stepsFor(view.environment, path, servicesToAuthorize(view, path).missing.length > 0);
  if (step === 'company' || !company) return 'company';
  if (step === 'path' || !path || (path === 'generate' && !view.csr)) return 'path';
  // The link is still open, so the upload has not happened yet.
  if (isAfterUpload(step)) return 'upload';
  return sequence.includes(step) ? step : 'authorize';
}

export function neighbour(sequence: WizardStep[], step: WizardStep, offset: 1 | -1): WizardStep | undefined {
  return sequence[sequence.indexOf(step) + offset];
}
