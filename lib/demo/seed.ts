// Demo data for a fresh install: a sandbox workspace with the Argentina app connected, the
// registration workflow, and one supplier whose registration job is waiting at its link.
import fs from 'node:fs';
import path from 'node:path';
import { connectApp } from '@/lib/access/enrollments';
import { countWorkspaces, insertWorkspace, type Caller } from '@/lib/access/queries';
import { dataDir } from '@/lib/config';
import { findFirstWorkspaceLink } from '@/lib/demo/queries';
import { createEntry } from '@/lib/silo/entries';
import { createJob } from '@/lib/transform/jobs';
import { drainJobs } from '@/lib/transform/runner';
import { GOV_AR_APP_ID } from '@/lib/gov-ar/app';
import { REGISTRATION_TEMPLATE } from '@/lib/gov-ar/registration/workflow-body';
import { createWorkflow } from '@/lib/transform/workflows';

const DEMO_SUPPLIER_KEY = 'demo-supplier';
const DEMO_SUPPLIER = {
  $schema: 'https://gobl.org/draft-0/org/party' as const,
  name: 'Panadería La Demostración S.R.L.',
  tax_id: { country: 'AR' as const, code: '30712345671' },
};

export interface DemoSeed {
  apiKey?: string;
  link?: string;
}

/** Seeds the demo on an empty database; on a seeded one, finds the demo link again. */
export async function seedDemoIfEmpty(): Promise<DemoSeed> {
  if ((await countWorkspaces()) > 0) return { link: await findDemoLink() };
  const { workspace, apiKey } = await insertWorkspace('Demo workspace', true);
  const caller: Caller = { ownerId: workspace.id, sandbox: true, via: 'api_key' };
  await connectApp(caller, GOV_AR_APP_ID);
  const workflow = await createWorkflow(caller, { template: REGISTRATION_TEMPLATE, name: 'Supplier registration' });
  const { value: entry } = await createEntry(caller, {
    folder: 'suppliers',
    key: DEMO_SUPPLIER_KEY,
    data: DEMO_SUPPLIER,
  });
  await createJob(caller, { workflow_id: workflow.id, silo_entry_id: entry.id });
  await drainJobs();
  saveDemoCredentials(apiKey);
  return { apiKey, link: await findDemoLink() };
}

/** The link of the demo supplier's open registration job, if it has one. */
export const findDemoLink = () => findFirstWorkspaceLink(DEMO_SUPPLIER_KEY);

export const demoCredentialsFile = () => path.join(dataDir(), 'demo-api-key.txt');

/** The demo key is shown once; keeping it (0600) beside the embedded database lets a later start point to it. */
function saveDemoCredentials(apiKey: string) {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(demoCredentialsFile(), `${apiKey}\n`, { mode: 0o600 });
}
