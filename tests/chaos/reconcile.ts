// Our book against the authority's, sequence by sequence (point of sale, voucher type): each voucher the
// authority holds must be exactly one of our invoices, with its number, CAE (or CAEA), date and total; each
// invoice must be Sent with one CAE the authority holds (or issued under a CAEA and informed to it: once,
// since the book holds each number once), or Error with the authority's reason, or not yet sent; none still in
// doubt; the authority's numbers 1..max with no gap. Pure: it reads what it is given.

export interface OurInvoice {
  workspace: string;
  entryId: string;
  status: string;
  pointOfSale: number;
  voucherType: number;
  /** `data.doc.code` as a number, when it has one. */
  number?: number;
  /** Every `arca-cae` stamp on it. */
  caes: string[];
  /** Every `arca-caea` stamp on it (issued under a CAEA: contingency). */
  caeas: string[];
  issueDate: string;
  /** `totals.payable`. */
  payable: string;
  /** The authority's refusal (meta `arca-errors`) or a failed job's message, for an invoice in Error. */
  errorReason?: string;
  /** Whether any job was made for it. */
  hasJob: boolean;
}

export interface AuthorityVoucher {
  point_of_sale: number;
  voucher_type: number;
  number: number;
  number_to: number;
  /** The CAE, or for a voucher informed under a CAEA, `caea`. */
  cae?: string;
  caea?: string;
  date: string;
  total: string;
}

export interface Finding {
  sequence: string;
  number?: number;
  entryIds: string[];
  problem: string;
}

export interface Reconciliation {
  findings: Finding[];
  sent: number;
  errors: number;
  /** Stored, and with no job or a job not yet at the authority. */
  queued: number;
  processing: number;
  /** How many invoices in Error give each reason. */
  errorReasons: Record<string, number>;
  vouchers: number;
  sequences: string[];
  /** Sent invoices issued under a CAEA, and how many of them are not informed yet (only when not due: R7). */
  underCaea: number;
  awaitingReport: number;
}

export interface ReconcileOptions {
  /**
   * Whether vouchers issued under a CAEA must be informed by now. Not on a fortnight's first day: the
   * authority takes no report on the day its CAEA starts (1414); they are informed the day after.
   */
  caeaReportsDue: boolean;
}

const sequenceOf = (pointOfSale: number, voucherType: number) => `PoS ${pointOfSale} type ${voucherType}`;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const who = (invoice: OurInvoice) => `${invoice.workspace}:${invoice.entryId}`;

const codesOf = (invoice: OurInvoice) => [...invoice.caes, ...invoice.caeas];

export function reconcile(
  ours: OurInvoice[],
  book: AuthorityVoucher[],
  options: ReconcileOptions = { caeaReportsDue: true },
): Reconciliation {
  const findings: Finding[] = [];
  const sentBySequence = new Map<string, OurInvoice[]>();
  let sent = 0;
  let errors = 0;
  let queued = 0;
  let processing = 0;
  const errorReasons: Record<string, number> = {};
  let underCaea = 0;
  let awaitingReport = 0;

  for (const invoice of ours) {
    const sequence = sequenceOf(invoice.pointOfSale, invoice.voucherType);
    const note = (problem: string) =>
      findings.push({ sequence, number: invoice.number, entryIds: [who(invoice)], problem });
    switch (invoice.status) {
      case 'Sent':
        sent++;
        if (invoice.number === undefined) note('Sent without a number (data.doc.code)');
        if (codesOf(invoice).length !== 1)
          note(`Sent with ${codesOf(invoice).length} CAE and CAEA stamps (${codesOf(invoice).join(', ')})`);
        if (invoice.caeas.length > 0) underCaea++;
        sentBySequence.set(sequence, [...(sentBySequence.get(sequence) ?? []), invoice]);
        break;
      case 'Error':
        errors++;
        if (!invoice.errorReason) note("Error without the authority's reason (no arca-errors meta, no job message)");
        else errorReasons[invoice.errorReason] = (errorReasons[invoice.errorReason] ?? 0) + 1;
        if (codesOf(invoice).length > 0) note(`Error yet stamped with CAE ${codesOf(invoice).join(', ')}`);
        break;
      case 'Processing':
        processing++;
        note('still Processing (in doubt) after settling');
        break;
      default:
        queued++;
        if (codesOf(invoice).length > 0) note(`${invoice.status} yet stamped with CAE ${codesOf(invoice).join(', ')}`);
    }
  }

  const bookBySequence = new Map<string, AuthorityVoucher[]>();
  for (const voucher of book) {
    const sequence = sequenceOf(voucher.point_of_sale, voucher.voucher_type);
    bookBySequence.set(sequence, [...(bookBySequence.get(sequence) ?? []), voucher]);
  }
  const sequences = [...new Set([...bookBySequence.keys(), ...sentBySequence.keys()])].sort();

  for (const sequence of sequences) {
    const vouchers = [...(bookBySequence.get(sequence) ?? [])].sort((a, b) => a.number - b.number);
    const invoices = sentBySequence.get(sequence) ?? [];
    let expected = 1;
    for (const voucher of vouchers) {
      const holders = invoices.filter((invoice) => invoice.number === voucher.number);
      const at = { sequence, number: voucher.number, entryIds: holders.map(who) };
      if (voucher.number !== expected) {
        findings.push({
          ...at,
          problem: `the authority's numbers are not contiguous: ${voucher.number} follows ${expected - 1}`,
        });
      }
      expected = voucher.number_to + 1;
      if (holders.length === 0) {
        // Whose it most likely is: our invoices of the sequence with its total (an invoice authorised twice
        // holds its other number; one in Error was authorised after all).
        const likely = ours.filter(
          (invoice) =>
            sequenceOf(invoice.pointOfSale, invoice.voucherType) === sequence &&
            cents(invoice.payable) === cents(voucher.total),
        );
        const hint = likely.length
          ? `; same total as ${likely.map((invoice) => `${who(invoice)} (${invoice.status}${invoice.number === undefined ? '' : ` as number ${invoice.number}`})`).join(', ')}`
          : '';
        findings.push({
          ...at,
          entryIds: likely.map(who),
          problem: `authorised at the authority (${voucher.caea ? `CAEA ${voucher.caea}` : `CAE ${voucher.cae}`}, total ${voucher.total}) but no invoice of ours holds it${hint}`,
        });
        continue;
      }
      if (holders.length > 1) {
        findings.push({ ...at, problem: `held by ${holders.length} of our invoices` });
        continue;
      }
      const [invoice] = holders as [OurInvoice];
      const differences = [
        voucher.caea
          ? invoice.caeas.includes(voucher.caea)
            ? ''
            : `CAEA ours ${invoice.caeas.join('/') || 'none'}, authority's ${voucher.caea}`
          : invoice.caes.includes(voucher.cae ?? '')
            ? ''
            : `CAE ours ${invoice.caes.join('/') || 'none'}, authority's ${voucher.cae}`,
        invoice.issueDate === voucher.date ? '' : `date ours ${invoice.issueDate}, authority's ${voucher.date}`,
        cents(invoice.payable) === cents(voucher.total)
          ? ''
          : `total ours ${invoice.payable}, authority's ${voucher.total}`,
      ].filter(Boolean);
      if (differences.length) findings.push({ ...at, problem: differences.join('; ') });
    }
    const held = new Set(vouchers.map((voucher) => voucher.number));
    for (const invoice of invoices) {
      if (invoice.number !== undefined && !held.has(invoice.number)) {
        if (invoice.caeas.length > 0 && !options.caeaReportsDue) {
          awaitingReport++;
          continue;
        }
        findings.push({
          sequence,
          number: invoice.number,
          entryIds: [who(invoice)],
          problem:
            invoice.caeas.length > 0
              ? `issued under CAEA ${invoice.caeas.join('/')} but never informed: the authority holds no voucher of that number`
              : `Sent with CAE ${invoice.caes.join('/')} but the authority holds no voucher of that number`,
        });
      }
    }
  }
  return {
    findings,
    sent,
    errors,
    queued,
    processing,
    errorReasons,
    vouchers: book.length,
    sequences,
    underCaea,
    awaitingReport,
  };
}
