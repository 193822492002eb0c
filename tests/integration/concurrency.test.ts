// Many at once: 50 simultaneous valid uploads to one link make exactly one registration (the job
// resumed once, one registration.completed), and 50 simultaneous job creations for one entry make one job.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { credentials, jobs, jobSteps, webhookDeliveries } from '@/lib/db/schema';
import { createSupplier, readyWorkspace, startJob } from '@/tests/support/scenario';
import { drainAll } from '@/tests/support/outbox';
import {
  authorizeService,
  issueFromCsr,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';

const emulator = useEmulator();
const PARALLEL = 50;

const tally = (codes: Array<string | number>) => {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

describe('simultaneous uploads to one link', () => {
  it('register the supplier once: one credential, one resume, one registration.completed', async () => {
    const workspace = await readyWorkspace({ webhook: { url: 'http://127.0.0.1:9/never-delivered' } });
    const entry = await createSupplier(workspace.apiKey);
    const cuit = entry.data.tax_id.code as string;
    const registration = await startRegistration({
      apiKey: workspace.apiKey,
      ownerId: workspace.owner_id,
      workflowId: workspace.workflow.id,
      entryId: entry.id,
      cuit,
      environment: 'sandbox',
    });
    const { body: csr } = await requestCsr(registration.ref);
    await authorizeService(emulator(), 'sandbox', cuit, csr.alias);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => upload(registration.ref, { certificate })),
    );
    const outcomes = tally(answers.map((a) => (a.status === 200 ? 200 : a.body.code)));
    expect(outcomes[200]).toBe(1);
    expect(outcomes).toEqual({ 200: 1, link_used: PARALLEL - 1 });

    await drainAll();
    const db = await getDb();
    expect(await db.select().from(credentials).where(eq(credentials.entryId, entry.id))).toHaveLength(1);
    const steps = await db.select().from(jobSteps).where(eq(jobSteps.jobId, registration.jobId));
    expect(steps.find((s) => s.name === 'gov-ar.wait.authorization')).toMatchObject({
      status: 'completed',
      message: 'Authorization received.',
    });
    expect(steps.find((s) => s.name === 'silo.status.registered')).toMatchObject({ status: 'completed', attempts: 1 });
    const events = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, registration.jobId));
    expect(events.map((e) => e.event).sort()).toEqual(['registration.completed', 'registration.link_created']);
  });
});

describe('simultaneous job creations for one entry', () => {
  it('make one job; the others are told a registration is in progress', async () => {
    const workspace = await readyWorkspace();
    const entry = await createSupplier(workspace.apiKey);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => startJob(workspace.apiKey, workspace.workflow.id, entry.id)),
    );
    expect(tally(answers.map((a) => (a.status === 202 ? 202 : a.body.code)))).toEqual({
      202: 1,
      registration_in_progress: PARALLEL - 1,
    });
    const db = await getDb();
    expect(await db.select().from(jobs).where(eq(jobs.siloEntryId, entry.id))).toHaveLength(1);
  });
});
