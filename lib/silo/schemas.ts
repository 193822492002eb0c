// Request schemas of silo/v1. An entry's body is one per registered folder (lib/silo/folders.ts).
import { z } from 'zod';
import { ListQuery } from '@/lib/api/pagination';
import { entryBodyOf } from '@/lib/silo/entry-body';
import { foldersVersion, registeredFolders } from '@/lib/silo/folders';
import { processSingleton } from '@/lib/process-singleton';

export interface EntryBody {
  folder: string;
  key?: string;
  data: unknown;
}

/**
 * An entry's create body: one of the registered folders', told apart by `folder`. Built on first use,
 * since services register their folders when the server starts (after this module loads).
 */
export function entryBodySchema(): z.ZodType<EntryBody> {
  if (entryBody.built?.version !== foldersVersion())
    entryBody.built = { version: foldersVersion(), schema: buildEntryBody() };
  return entryBody.built.schema;
}
const entryBody = processSingleton(
  'entry-body-schema',
  (): { built?: { version: number; schema: z.ZodType<EntryBody> } } => ({}),
);

/** The variants of the entry body, one per folder (the OpenAPI document shows each). */
const entryBodyVariants = () => registeredFolders().map((folder) => entryBodyOf(folder.name, folder.data));

/** An entry's folder and `data` as stored, one per folder (what the OpenAPI document shows an entry holds). */
export const storedEntryVariants = () =>
  registeredFolders().map((folder) => entryBodyOf(folder.name, folder.stored ?? folder.data));

function buildEntryBody(): z.ZodType<EntryBody> {
  const variants = entryBodyVariants();
  if (variants.length === 0) throw new Error('No silo folder is registered (lib/server/services.ts plugs them in).');
  const names = registeredFolders().map((folder) => `"${folder.name}"`);
  const choice = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return z.discriminatedUnion('folder', variants as unknown as [z.ZodObject, ...z.ZodObject[]], {
    error: (issue) => (issue.code === 'invalid_union' ? `folder must be ${choice}` : undefined),
  }) as unknown as z.ZodType<EntryBody>;
}

export const EntryListQuery = ListQuery.extend({ folder: z.string().min(1).max(100).optional() });

export const EntryIdParams = z.object({ id: z.uuid() });
