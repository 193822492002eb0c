// Request bodies built from what the services register (folders, workflow templates): the document
// plugs the services in first, as the server does at start-up, so it shows exactly what is served.
import { plugServices } from '@/lib/server/services';
import { entryBodySchema, storedEntryVariants } from '@/lib/silo/schemas';
import { workflowBodySchema } from '@/lib/transform/schemas';

plugServices();

export const EntryBody = entryBodySchema();
export const StoredEntryVariants = storedEntryVariants();
export const WorkflowBody = workflowBodySchema();
