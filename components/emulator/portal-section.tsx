// One screen of the emulated portal, as a labelled region: its title and where the real portal keeps it.
import type { ReactNode } from 'react';

export function PortalSection({
  id,
  title,
  where,
  children,
}: {
  id: string;
  title: string;
  /** The real portal's path to this screen in the chosen environment, e.g. "WSASS › Nuevo Certificado". */
  where: string;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">En el sitio real: {where}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
