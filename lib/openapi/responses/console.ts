// Answers of the console's own reads (lib/console): its supplier list and its invoice table. Apart from access.ts, whose types the
// console's browser code imports, since this one is built on the entries' schemas (which read the services).
import { z } from 'zod';
import { Id } from '@/lib/responses/common';
import { EntryList } from '@/lib/openapi/responses/silo';

/** The console's supplier list: a page of supplier entries as the API lists them, and whose link is still to use. */
export const ConsoleSupplierPage = EntryList.extend({
  open_links: z
    .array(Id)
    .describe(
      'The listed suppliers whose newest registration link still waits for them (made by their open registration job)',
    ),
  making_links: z
    .array(Id)
    .describe(
      'The listed suppliers whose open registration job has not made its link yet; any supplier in neither list has no link to send (used, or no longer usable)',
    ),
});
export type ConsoleSupplierPage = z.output<typeof ConsoleSupplierPage>;

/** The console's invoice table: a page of invoice entries as the API lists them, and the supplier entries they name. */
export const ConsoleInvoicePage = EntryList.extend({
  supplier_entries: z
    .record(z.string(), Id)
    .describe(
      "The workspace's supplier entry for each CUIT the listed invoices name (the Registered one when there are several); a CUIT with none is absent",
    ),
});
export type ConsoleInvoicePage = z.output<typeof ConsoleInvoicePage>;
