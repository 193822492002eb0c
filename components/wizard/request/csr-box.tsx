'use client';
// The certificate request (CSR) we made for the supplier: shown whole, to copy or to download as
// pedido.csr. It is public by nature; the key that goes with it never leaves the server.
import { useId } from 'react';
import { useMessages } from '@/components/i18n/locale-context';
import { CopyButton } from '@/components/wizard/copy-button';
import { DownloadIcon } from '@/components/wizard/icons';
import { smallButton } from '@/components/wizard/styles';

/** Live uploads the request as a file, so the download comes first there. */
export function CsrBox({ csr, downloadFirst = false }: { csr: string; downloadFirst?: boolean }) {
  const t = useMessages();
  const id = useId();
  const copy = <CopyButton value={csr} label={t.request.copyCsr} />;
  const href = `data:application/pkcs10;charset=utf-8,${encodeURIComponent(csr)}`;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="sr-only">
        {t.request.csr}
      </label>
      <textarea
        id={id}
        readOnly
        value={csr}
        rows={6}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-slate-100 p-3 font-mono text-xs leading-5 text-slate-900 focus:outline-2 focus:outline-sky-700"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {!downloadFirst && copy}
        <a href={href} download="pedido.csr" className={smallButton}>
          <DownloadIcon /> {t.request.download}
        </a>
        {downloadFirst && copy}
      </div>
    </div>
  );
}
