// silo/v1: entries (suppliers, invoices) and the envelopes list.
import { ListQuery } from '@/lib/api/pagination';
import { EntryBody } from '@/lib/openapi/service-bodies';
import { EntryIdParams, EntryListQuery } from '@/lib/silo/schemas';
import { Entry, EntryList } from '@/lib/openapi/responses/silo';
import { answer, jsonBody, type Endpoint } from '@/lib/openapi/types';

const STORED = 'The stored entry, when the same id or key was already used for this very body';
/** What storing an invoice may refuse (lib/gov-ar/invoices); a supplier entry is checked by its schema only. */
const INVOICE_REFUSALS = [
  'supplier_not_registered',
  'point_of_sale_not_registered',
  'service_not_authorized',
  'certificate_revoked',
  'certificate_expired',
  'certificate_untrusted',
  'authority_unavailable',
  'duplicate_invoice',
  'customer_register_mismatch',
] as const;

export const SILO_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/silo/v1/entries',
    operationId: 'createEntry',
    tag: 'Silo',
    auth: 'caller',
    summary: 'Store a supplier or an invoice envelope',
    description:
      'A supplier starts `Empty`. An invoice needs a `Registered` supplier of the workspace with the same CUIT, and in live a point of sale the authority reports; a document `uuid` the workspace already stored is `duplicate_invoice`, naming the entry (`entry_id`). Every field GOBL types must have its type; text is at most 300 characters for codes and address lines, 1 000 for names, 5 000 for notes (`validation_failed` naming the path).',
    body: jsonBody(EntryBody),
    errors: ['conflict', ...INVOICE_REFUSALS],
    responses: { 201: answer(Entry, 'The new entry'), 200: answer(Entry, STORED) },
  },
  {
    method: 'get',
    path: '/silo/v1/entries',
    operationId: 'listEntries',
    tag: 'Silo',
    auth: 'caller',
    summary: 'List entries, newest first',
    query: EntryListQuery,
    responses: { 200: answer(EntryList, 'A page of entries') },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{id}',
    operationId: 'getEntry',
    tag: 'Silo',
    auth: 'caller',
    summary: 'Fetch an entry with its meta records',
    description: 'The registration link is the meta record with `src: "gov-ar"` and `key: "link"`.',
    params: EntryIdParams,
    notFound: 'entry_not_found',
    responses: { 200: answer(Entry, 'The entry') },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{id}',
    operationId: 'putEntry',
    tag: 'Silo',
    auth: 'caller',
    summary: 'Store an entry under a client-chosen id (idempotent)',
    description:
      'The same id and body answer the stored entry; the same id with another body is a 409, except an invoice the authority refused (`Error`), which the new body replaces, and an invoice issued under a CAEA whose report the authority refused (meta `arca-caea-errors`), which stays `Sent` and is informed again with its number (its series, code, issue date, type, supplier and currency as issued, else `422 caea_correction_not_allowed`). An id another workspace holds is `409 id_unavailable`, whatever it holds there. An invoice a job works on is `invoice_in_progress`, a `Sent` one `invoice_already_sent`.',
    params: EntryIdParams,
    notFound: 'entry_not_found',
    body: jsonBody(EntryBody),
    errors: [
      'conflict',
      'id_unavailable',
      'invoice_in_progress',
      'invoice_already_sent',
      'caea_correction_not_allowed',
      ...INVOICE_REFUSALS,
    ],
    responses: { 201: answer(Entry, 'The new entry'), 200: answer(Entry, STORED) },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/pdf',
    operationId: 'getInvoicePdf',
    tag: 'Silo',
    auth: 'caller',
    summary: "Download an issued invoice's PDF",
    description:
      'Rendered on the first request once the authority accepted the invoice, then kept (a `gov-ar`/`pdf` meta record points here); 404 before. Each render runs within a time and memory limit on a pool shared fairly between workspaces; a render past them is `422 pdf_render_failed` for that PDF alone.',
    params: EntryIdParams,
    notFound: 'entry_not_found',
    errors: ['pdf_render_failed'],
    responses: {
      200: {
        description: 'The PDF, named like FACTURA-B-00001-00000042.pdf',
        format: 'pdf',
        headers: { 'Content-Disposition': 'attachment; filename="..."' },
      },
    },
  },
  {
    method: 'get',
    path: '/silo/v1/envelopes',
    operationId: 'listEnvelopes',
    tag: 'Silo',
    auth: 'caller',
    summary: 'List the entries that hold an invoice envelope, newest first',
    query: ListQuery,
    responses: { 200: answer(EntryList, 'A page of invoice entries (an empty list when there are none)') },
  },
];
