// What an authority's refusal of an invoice means, in the console's language: which field of the invoice it
// concerns, what to change, and the one correction the console makes itself (the issue date). A refused
// invoice is issued again only once its data changed (a PUT sets it back to Empty): the same data would be
// refused again, so "Issue again" is offered only for an Error the authority did not explain (a failure of ours
// or of the supplier's certificate, which a retry may get past).
import type { AuthorityNote, InvoiceEntry } from '@/lib/console/invoice';
import { authorityErrors } from '@/lib/console/invoice';

export interface RefusalAdvice {
  code: string;
  /** The authority's own message, as it said it (Spanish). */
  said: string;
  /** What it means, in English. */
  meaning: string;
  /** The field of the stored invoice it concerns (dotted, as the API names fields). */
  field: string;
  /** A correction the console can make: set the issue date to today. */
  correction?: 'issue_date';
}

interface Explanation {
  meaning: string;
  field: string;
  correction?: 'issue_date';
}

const AMOUNTS: Explanation = {
  meaning:
    "The amounts do not add up as the authority requires (net, VAT, taxes and total). Correct the lines' prices or taxes.",
  field: 'data.doc.totals',
};

const EXPLANATIONS: Record<string, Explanation> = {
  '10016': {
    meaning:
      'The issue date is out of step: it is before the last invoice of this point of sale and type, or too far from today (goods 5 days, services 10). Issue it with a later date.',
    field: 'data.doc.issue_date',
    correction: 'issue_date',
  },
  '10000': {
    meaning:
      "The supplier's IVA condition does not allow this voucher letter: a Monotributista or an exento issues C, a Responsable Inscripto A and B.",
    field: 'data.doc.tax.ext.ar-arca-doc-type',
  },
  '11002': {
    meaning: 'The point of sale is not enabled for web services at the authority: add it there, or use another.',
    field: 'data.doc.series',
  },
  '10242': {
    meaning: "The customer's IVA condition (RG 5616) is missing or not one the authority knows.",
    field: 'data.doc.customer.ext.ar-arca-vat-status',
  },
  '10246': {
    meaning: "The customer's IVA condition (RG 5616) does not fit this voucher type.",
    field: 'data.doc.customer.ext.ar-arca-vat-status',
  },
};

const UNKNOWN: Explanation = {
  meaning: 'The authority refused the invoice as it is: correct it through the API (PUT the entry) and issue it then.',
  field: 'data.doc',
};

function explain(note: AuthorityNote): RefusalAdvice {
  const code = String(note.code);
  const amounts = /^100[1-6]\d$/.test(code) && !EXPLANATIONS[code] ? AMOUNTS : undefined;
  return { code, said: note.message, ...(EXPLANATIONS[code] ?? amounts ?? UNKNOWN) };
}

/** Each of the refusal's errors, explained; empty when the invoice is not refused by the authority. */
export const refusalAdvice = (entry: InvoiceEntry): RefusalAdvice[] => authorityErrors(entry).map(explain);

/** "Issue" for a stored invoice; "Issue again" only for an Error the authority did not explain. */
export function issueOffer(entry: InvoiceEntry): 'issue' | 'again' | undefined {
  if (entry.status === 'Empty') return 'issue';
  if (entry.status === 'Error' && refusalAdvice(entry).length === 0) return 'again';
  return undefined;
}

/** Today in Argentina, as an issue date (`YYYY-MM-DD`). */
export function todayInArgentina(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(now);
}
