// Where an invoice's time goes at the bench's load: the client's own clock around its two requests, and the
// times the job's answer carries (its creation, each step's start and end, its completion), all on this
// machine's one clock. Each phase's p50 and p90 over the timed invoices, in the order an invoice lives them.
import { percentile } from '@/tests/bench/validation';

/** The client's clock (epoch ms) around one invoice's two requests, and the job it was answered. */
export interface InvoiceTimes {
  storeSentAt: number;
  storedAt: number;
  answeredAt: number;
  job: {
    created_at: string;
    completed_at?: string;
    steps: { name: string; started_at?: string; completed_at?: string }[];
  };
}

export interface Phase {
  name: string;
  p50Ms: number;
  p90Ms: number;
}

/** The job's step that takes the invoice to the authority and back (lib/gov-ar/app.ts's SEND_STEP). */
const SEND_STEP = 'gov-ar.send';

const at = (time: string | undefined) => (time ? Date.parse(time) : Number.NaN);

/** The phases of every invoice that has all its times; an invoice's next store follows its answer (per client). */
export function invoiceTimeline(invoices: InvoiceTimes[]): Phase[] {
  const phases: [string, (times: InvoiceTimes) => number][] = [
    ['store request', (times) => times.storedAt - times.storeSentAt],
    ['stored → job created', (times) => at(times.job.created_at) - times.storedAt],
    ['job created → send step started', (times) => sendOf(times, 'started_at') - at(times.job.created_at)],
    [
      'send step (queued, numbered, the authority)',
      (times) => sendOf(times, 'completed_at') - sendOf(times, 'started_at'),
    ],
    ['send step ended → job completed', (times) => at(times.job.completed_at) - sendOf(times, 'completed_at')],
    ['job completed → the client has its answer', (times) => times.answeredAt - at(times.job.completed_at)],
  ];
  return phases.map(([name, measure]) => {
    const values = invoices
      .map(measure)
      .filter((value) => Number.isFinite(value))
      .sort((a, b) => a - b);
    return { name, p50Ms: percentile(values, 50), p90Ms: percentile(values, 90) };
  });
}

function sendOf(times: InvoiceTimes, field: 'started_at' | 'completed_at'): number {
  return at(times.job.steps.find((step) => step.name === SEND_STEP)?.[field]);
}
