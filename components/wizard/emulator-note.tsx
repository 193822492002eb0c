'use client';
// Shown only when the app talks to its built-in emulator of ARCA: where the portal's part is done.
import { useMessages } from '@/components/i18n/locale-context';
import { link } from '@/components/wizard/styles';

export function EmulatorNote({ url }: { url?: string }) {
  const t = useMessages();
  if (!url) return null;
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p>{t.portal.emulator}</p>
      <p className="mt-2">
        <a href={url} target="_blank" rel="noopener" className={link}>{t.portal.emulatorLink}</a>
      </p>
    </div>
  );
}
