'use client';
// The certificate's alias, as the supplier types it into the portal, with a copy button.
import { useMessages } from '@/components/i18n/locale-context';
import { CopyButton } from '@/components/wizard/copy-button';

export function AliasBox({ alias }: { alias: string }) {
  const t = useMessages();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <code className="rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900">
        {alias}
      </code>
      <CopyButton value={alias} label={t.request.copyAlias} />
    </div>
  );
}
