// The console's session: signing in with a workspace API key opens a session whose random id goes
// into an httpOnly cookie, which then stands in for the bearer token on the public API (see the
// consoleSession security scheme).
import { ConsoleSessionBody } from '@/lib/console/schemas';
import { InvoiceSearchQuery } from '@/lib/console/invoice-search';
import { SCAN_WINDOW, SupplierSearchQuery } from '@/lib/console/supplier-search';
import { ConsoleWorkspace } from '@/lib/responses/access';
import { ConsoleInvoicePage, ConsoleSupplierPage } from '@/lib/openapi/responses/console';
import { answer, jsonBody, type Endpoint } from '@/lib/openapi/types';

export const CONSOLE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/console/session',
    operationId: 'openConsoleSession',
    tag: 'Console',
    auth: 'none',
    summary: 'Sign the console in with a workspace API key',
    description:
      "Opens a session (12 hours) and sets the console's session cookie to its random id, never the key (httpOnly, SameSite=Strict). Only from the console's own pages. Wrong keys count against the guessing limits.",
    body: jsonBody(ConsoleSessionBody),
    errors: ['unauthorized', 'csrf_rejected', 'rate_limited'],
    responses: {
      200: answer(ConsoleWorkspace, 'The workspace the key opens', { headers: { 'Set-Cookie': 'The session cookie' } }),
    },
  },
  {
    method: 'delete',
    path: '/console/session',
    operationId: 'closeConsoleSession',
    tag: 'Console',
    auth: 'none',
    summary: 'Sign the console out',
    description: 'Deletes the session, which ends it in every instance at once, and clears the cookie.',
    errors: ['csrf_rejected'],
    responses: { 204: answer(undefined, 'Signed out', { headers: { 'Set-Cookie': 'Clears the session cookie' } }) },
  },
  {
    method: 'get',
    path: '/console/suppliers',
    operationId: 'searchConsoleSuppliers',
    tag: 'Console',
    auth: 'workspace',
    summary: "The console's supplier list: search by name or CUIT, filter by status",
    description: `Newest first, a page at a time. \`q\` with 11 digits (hyphens, dots and spaces aside) is an exact CUIT, from its index; other text is a case-insensitive part of the name. Name and status are tested on at most ${SCAN_WINDOW} suppliers per request, so a page may come back short with a \`next_cursor\` that searches older suppliers.`,
    query: SupplierSearchQuery,
    responses: { 200: answer(ConsoleSupplierPage, 'A page of suppliers') },
  },
  {
    method: 'get',
    path: '/console/invoices/search',
    operationId: 'searchConsoleInvoices',
    tag: 'Console',
    auth: 'workspace',
    summary: "The console's invoice table: filter by supplier, status, voucher type, point of sale and issue dates",
    description:
      "Newest first, a page at a time (keyset: the cursor carries the last row served). `supplier` with 11 digits (hyphens, dots and spaces aside) is an exact CUIT; other text is a case-insensitive part of the supplier's name. `type` is the voucher type code (CbteTipo); `from` and `to` bound the issue date, both included. Every filter is applied by the database.",
    query: InvoiceSearchQuery,
    responses: { 200: answer(ConsoleInvoicePage, 'A page of invoices') },
  },
];
