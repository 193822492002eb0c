// Where the wizard sends a supplier when the app runs against its built-in emulator of ARCA: the
// emulator's portal page, opened in the registration's environment and at the screen the step needs
// (a live registration must not land on Homologación, whose certificates it would then refuse).
import type { Environment } from '@/lib/wizard/types';

/** The emulated portal's screens, by the id of their section on /emulator. */
export type EmulatorSection = 'certificate' | 'authorization' | 'point-of-sale';

export function emulatorPortalHref(base: string, environment: Environment, section?: EmulatorSection): string {
  return `${base}?environment=${environment}${section ? `#${section}` : ''}`;
}
