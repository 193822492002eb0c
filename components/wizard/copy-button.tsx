'use client';
// Copies a value for pasting into the authority's portal. The button's name never changes (so it is
// always findable); "Copiado" appears beside it and is read out politely.
import { useEffect, useState } from 'react';
import { useMessages } from '@/components/i18n/locale-context';
import { CopyIcon } from '@/components/wizard/icons';
import { smallButton } from '@/components/wizard/styles';
import { copyText } from '@/lib/browser/clipboard';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useMessages();
  const [result, setResult] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(undefined), 4000);
    return () => clearTimeout(timer);
  }, [result]);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={smallButton}
        onClick={async () => setResult((await copyText(value)) ? 'copied' : 'failed')}
      >
        <CopyIcon /> {label}
      </button>
      <span aria-live="polite" className={`text-sm ${result === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}>
        {result === 'copied' && (
          <>
            <span aria-hidden="true">✓ </span>
            {t.copy.copied}
          </>
        )}
        {result === 'failed' && t.copy.failed}
      </span>
    </span>
  );
}
