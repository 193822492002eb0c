'use client';
// The registration wizard in an iframe, embedded the way an integrator does it (`?embed=1`, listening
// for `gov-ar.registration` messages and trusting only the wizard's origin and frame), with a log of
// what it posted. The link's path is framed on the console's own origin, which the wizard's CSP
// (frame-ancestors 'self') and its message targets always allow.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { consoleApi } from '@/lib/console/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { registrationLink, supplierName } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { PENDING_WORDS, WIZARD_STEP_WORDS } from '@/lib/console/registration-record';
import type { RegistrationMessage } from '@/lib/wizard/embed-messages';
import { link } from '@/components/wizard/styles';
import { Section } from '@/components/console/ui';

interface LoggedMessage extends RegistrationMessage {
  at: string;
  origin: string;
}

const INITIAL_FRAME_HEIGHT = 640;
/** A page taller than this is a bug in the page: the frame stops growing (and scrolls) there. */
const MAX_FRAME_HEIGHT = 20_000;

const isRegistrationMessage = (data: unknown): data is RegistrationMessage =>
  typeof data === 'object' && data !== null && (data as RegistrationMessage).type === 'gov-ar.registration';

export function EmbeddedWizard({ initialEntry }: { initialEntry: SupplierEntry }) {
  const queryClient = useQueryClient();
  const frame = useRef<HTMLIFrameElement>(null);
  const [messages, setMessages] = useState<LoggedMessage[]>([]);
  // The frame takes the wizard's own height (its messages say it), so it never scrolls inside.
  const [height, setHeight] = useState(INITIAL_FRAME_HEIGHT);
  const { data: entry } = useQuery({
    queryKey: ['entry', initialEntry.id],
    queryFn: () => consoleApi<SupplierEntry>('GET', `/silo/v1/entries/${initialEntry.id}`),
    initialData: initialEntry,
  });
  const registration = registrationLink(entry);
  const wizardPath = registration ? `${new URL(registration.url).pathname}?embed=1` : undefined;

  useEffect(() => {
    function receive(event: MessageEvent) {
      // Only our wizard, in our frame: any other window may post messages too.
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!isRegistrationMessage(event.data)) return;
      const { type, event: name, ref, status, step, pending, height: wizardHeight } = event.data;
      if (typeof wizardHeight === 'number' && wizardHeight > 0) setHeight(Math.min(wizardHeight, MAX_FRAME_HEIGHT));
      // Resizes only size the frame; the log keeps what the supplier did.
      if (name === 'resize') return;
      setMessages((logged) => [
        ...logged,
        { type, event: name, ref, status, step, pending, origin: event.origin, at: new Date().toISOString() },
      ]);
      if (name === 'completed') {
        for (const queryKey of [['entry', entry.id], ['jobs', entry.id], ['suppliers']])
          void queryClient.invalidateQueries({ queryKey });
      }
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [entry.id, queryClient]);

  return (
    <>
      <p>
        <Link href={CONSOLE_PATHS.supplier(entry.id)} className={link}>
          ← {supplierName(entry)}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Registration wizard, embedded</h1>
      <p className="text-slate-700">
        What the supplier sees inside your application: the link with <code>?embed=1</code> in an iframe. The wizard
        tells the page about each step (with what is still pending), the completion and its own height with{' '}
        <code>postMessage</code>; the frame takes that height, so it never scrolls inside. Steps and the completion are
        logged below.
      </p>
      {wizardPath ? (
        <iframe
          ref={frame}
          title="Supplier registration wizard"
          src={wizardPath}
          style={{ height }}
          // A ring, not a border: a border would take its pixels from the height the wizard asked for.
          className="w-full rounded-xl bg-white ring-1 ring-slate-200"
        />
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
          This supplier has no registration link yet: start a registration first.
        </p>
      )}
      <Section
        id="wizard-messages"
        title="Messages from the wizard"
        lead="Each message the wizard posted to this page, as received."
      >
        <ol aria-label="Messages from the wizard" aria-live="polite" className="space-y-1 text-sm">
          {messages.map((message, index) => (
            <li key={index} className="flex flex-wrap gap-x-3 text-slate-800">
              <span className="text-slate-600">{message.at.slice(11, 19)} UTC</span>
              <code>{message.event}</code>
              {message.step && <span>step {WIZARD_STEP_WORDS[message.step] ?? message.step}</span>}
              <span>status {message.status}</span>
              {message.pending && (
                <span>
                  {message.pending.length
                    ? `still to do: ${message.pending.map((item) => PENDING_WORDS[item] ?? item).join('; ')}`
                    : 'nothing pending'}
                </span>
              )}
            </li>
          ))}
        </ol>
        {messages.length === 0 && <p className="text-sm text-slate-600">The wizard has sent no message yet.</p>}
      </Section>
    </>
  );
}
