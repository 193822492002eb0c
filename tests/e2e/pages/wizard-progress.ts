// The wizard's progress bar as a supplier (or a screen reader) reads it: one item per step, "completado"
// on a done one, "no hace falta..." on the portal when bringing one's own certificate.
import type { Locator } from '@playwright/test';
import type { RegistrationWizardPage } from '@/tests/e2e/pages/registration-wizard';

export type StepLabel = 'Empresa' | 'Certificado' | 'Crear en ARCA' | 'Autorizar' | 'Subir' | 'Puntos de venta';

export function progressItem(wizard: RegistrationWizardPage, label: StepLabel): Locator {
  return wizard.progress.getByRole('listitem').filter({ hasText: label });
}

/** The step's item says it is done. */
export const DONE = /\(completado\)/;
