// An entry's create body for one folder, zod only: the API builds its body from every registered folder's
// (lib/silo/schemas.ts), and the console's "Add supplier" form checks the suppliers' one in the browser.
import { z } from 'zod';

const EntryKey = z.string().trim().min(1).max(200);

/** The create body of an entry of one folder. */
export const entryBodyOf = <Name extends string, Data extends z.ZodType>(folder: Name, data: Data) =>
  z.strictObject({ folder: z.literal(folder), key: EntryKey.optional(), data });
