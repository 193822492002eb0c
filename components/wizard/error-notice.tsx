'use client';
// A problem the supplier has to act on, in words that say what to do, with an optional action. It is
// read out through the wizard's live region (useAnnounce), so it is not a live region itself.
import type { ReactNode } from 'react';

export function ErrorNotice({
  id,
  title,
  children,
  action,
}: {
  id?: string;
  title?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    // With an id it can take focus (tabIndex -1): the screen sends the supplier to it.
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
