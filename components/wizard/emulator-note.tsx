'use client';
// Shown only when the app talks to its built-in emulator of ARCA: where the portal's part is done, in the
// registration's environment and at the screen this step needs (a live registration must not land on
// Homologación, whose certificates it would then refuse).
import type { Environment } from '@/lib/wizard/types';
import { useMessages } from '@/components/i18n/locale-context';
import { link } from '@/components/wizard/styles';

/** The emulated portal's screens, by the id of their section on /emulator. */
export type EmulatorSection = 'certificate' | 'authorization' | 'point-of-sale';

export function emulatorPortalHref(base: string, environment: Environment, section?: EmulatorSection): string {
  return `${base}?environment=${environment}${section ? `#${section}` : ''}`;
}

export function EmulatorNote({
  url,
  environment,
  section,
}: {
  url?: string;
  environment: Environment;
  section?: EmulatorSection;
}) {
  const t = useMessages();
  if (!url) return null;
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p>{t.portal.emulator}</p>
      <p className="mt-2">
        <a href={emulatorPortalHref(url, environment, section)} target="_blank" rel="noopener" className={link}>
          {t.portal.emulatorLink}
        </a>
      </p>
      <p className="mt-2 text-sm">{t.portal.emulatorEnvironment[environment]}</p>
    </div>
  );
}
