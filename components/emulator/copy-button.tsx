'use client';
// Copies a text to the clipboard (lib/browser/clipboard) and says so for a moment.
import { useEffect, useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(undefined), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    setCopied((await copyText(text)) ? 'yes' : 'failed');
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-2"
      >
        {label}
      </button>
      <span aria-live="polite" className="text-sm text-slate-700">
        {copied === 'yes'
          ? 'Copiado'
          : copied === 'failed'
            ? 'No se pudo copiar: seleccione el texto y cópielo a mano.'
            : ''}
      </span>
    </span>
  );
}
