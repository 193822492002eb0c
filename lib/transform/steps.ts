// What each step of the registration template does. A handler reports an outcome; the engine
// records it (steps.ts never moves the job itself).
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { entries, jobs, metaRecords, workflows, type JobStep } from '@/lib/db/schema';
import { newId, newRef } from '@/lib/ids';
import { registrationUrl } from '@/lib/config';
import { setEntryStatus } from '@/lib/silo/queries';
import { isRenewal } from '@/lib/silo/schemas';
import { raiseLinkCreated } from '@/lib/transform/webhook-step';
import { raiseRegistrationCompleted } from '@/lib/transform/completed-event';
import { STEP } from '@/lib/transform/templates';
import { kickWebhookSender } from '@/lib/transform/runner';

export type StepOutcome =
  | { kind: 'complete'; message?: string }
  | { kind: 'wait'; message: string }
  | { kind: 'retry'; at: Date; message: string }
  /** The step failed but the job goes on. */
  | { kind: 'skip'; message: string }
  /** The job fails; its rescue steps run. */
  | { kind: 'fail'; message: string };

export interface StepContext {
  step: JobStep;
  job: typeof jobs.$inferSelect;
  entry: typeof entries.$inferSelect;
  workflow: typeof workflows.$inferSelect;
}

const handlers: Record<string, (context: StepContext) => Promise<StepOutcome>> = {
  [STEP.setProcessing]: async ({ entry }) => {
    // A renewal: the supplier keeps invoicing with the current certificate while the new one comes.
    if (isRenewal(entry)) return { kind: 'complete', message: `Renewal: the entry stays ${entry.status}.` };
    await setEntryStatus(await getDb(), entry.id, 'Processing');
    return { kind: 'complete' };
  },
  [STEP.register]: async (context) => {
    const link = await createRegistrationLink(context);
    return { kind: 'complete', message: `Registration link ${link.linkUrl}` };
  },
  [STEP.webhook]: raiseLinkCreated,
  [STEP.waitForAuthorization]: async () => ({
    kind: 'wait', message: 'Waiting for the supplier to upload a certificate the authority accepts.',
  }),
  [STEP.setRegistered]: async (context) => {
    const db = await getDb();
    const raised = await db.transaction(async (tx) => {
      await setEntryStatus(tx, context.entry.id, 'Registered');
      return raiseRegistrationCompleted(tx, context);
    });
    if (raised) kickWebhookSender();
    return { kind: 'complete' };
  },
  [STEP.setError]: async ({ entry }) => {
    if (isRenewal(entry)) return { kind: 'complete', message: `Renewal failed: the entry stays ${entry.status}.` };
    await setEntryStatus(await getDb(), entry.id, 'Error');
    return { kind: 'complete' };
  },
};

export async function runStepHandler(step: JobStep): Promise<StepOutcome> {
  const handler = handlers[step.name];
  if (!handler) return { kind: 'fail', message: `Unknown step ${step.name}.` };
  const db = await getDb();
  const [row] = await db
    .select({ job: jobs, entry: entries, workflow: workflows })
    .from(jobs)
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(jobs.id, step.jobId));
  if (!row) return { kind: 'fail', message: 'The job, its entry or its workflow is gone.' };
  return handler({ step, ...row });
}

/** The job's `gov-ar` link meta record, made once (a retried step finds the one it made). */
export async function createRegistrationLink({ job, entry }: StepContext) {
  const db = await getDb();
  const [existing] = await db.select().from(metaRecords).where(and(
    eq(metaRecords.jobId, job.id), eq(metaRecords.src, 'gov-ar'), eq(metaRecords.key, 'link'),
  ));
  if (existing) return existing;
  const ref = newRef();
  const now = new Date();
  const [created] = await db.insert(metaRecords).values({
    id: newId(),
    ownerId: entry.ownerId,
    entryId: entry.id,
    jobId: job.id,
    src: 'gov-ar',
    key: 'link',
    ref,
    linkUrl: `${registrationUrl()}/reg/${ref}`,
    linkScope: 'public',
    indexed: true,
    shared: false,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return created!;
}
