// Each presenter's own output, read back from a real flow, parses with the strict zod schema that declares
// its shape (lib/responses): the presenters are typed by those schemas, and this holds the values
// too, before JSON can hide a difference (an undefined member, a Date). A supplier is registered through a
// workflow whose webhook fails once, an invoice is issued at the emulator, an integrator's app authorised.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as appsRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import * as newAppRoute from '@/app/access/v1/apps/route';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { presentEnrollment } from '@/lib/access/enrollments';
import { getDb } from '@/lib/db/client';
import {
  credentials,
  enrollments,
  entries,
  jobSteps,
  jobs,
  metaRecords,
  registrationProgress,
  webhookAttempts,
  webhookDeliveries,
  workflows,
} from '@/lib/db/schema';
import { presentCertificate } from '@/lib/gov-ar/certificate-record';
import { pointsOfSaleForLink } from '@/lib/gov-ar/registration/points-of-sale';
import { getRegistrationView } from '@/lib/gov-ar/registration/view';
import { presentProgress } from '@/lib/gov-ar/registration/wizard-progress';
import { Enrollment } from '@/lib/responses/access';
import { MetaRecord } from '@/lib/responses/entry';
import { CertificateRecord, PointsOfSale, Progress, RegistrationView } from '@/lib/responses/gov-ar';
import { Entry } from '@/lib/openapi/responses/silo';
import { Workflow } from '@/lib/openapi/responses/transform';
import { Job, WebhookDelivery } from '@/lib/responses/transform';
import { presentEntry, presentMetaRecord } from '@/lib/silo/present';
import { presentJob, presentWorkflow } from '@/lib/transform/present';
import { deliveriesByJob, presentDelivery } from '@/lib/webhooks/queries';
import { call } from '@/tests/support/call';
import { completeRegistration } from '@/tests/support/invoices';
import { createInvoiceWorkflow, issue, runUntilEnded, storeInvoice } from '@/tests/support/issuing';
import { drainAll, sendPendingNow } from '@/tests/support/outbox';
import { startRegistration, useEmulator } from '@/tests/support/registration';
import { createSupplier, readyWorkspace } from '@/tests/support/scenario';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';

const emulator = useEmulator();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** How many values of each shape were held against their schema: a flow that made none would prove nothing. */
const held = new Map<string, number>();

function expectShape(name: string, schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? [] : parsed.error.issues, `${name}: the presenter's output differs from its schema`).toEqual(
    [],
  );
  held.set(name, (held.get(name) ?? 0) + 1);
}

describe('presented shapes', () => {
  it('every presenter answers what its schema declares, through registration, a webhook retry and an invoice', async () => {
    receiver.reply({ status: 503 }, { status: 200 });
    const workspace = await readyWorkspace({ webhook: { url: receiver.url() } });
    const { apiKey } = workspace;
    const app = await call(newAppRoute.POST, { token: apiKey, body: { name: 'My ERP' } });
    expect((await call(appsRoute.POST, { token: apiKey, params: { app_id: app.body.id } })).status).toBe(200);

    const supplier = await createSupplier(apiKey);
    const registration = await startRegistration({
      apiKey,
      ownerId: workspace.owner_id,
      workflowId: workspace.workflow.id,
      entryId: supplier.id,
      cuit: supplier.data.tax_id.code,
      environment: 'sandbox',
    });
    await drainAll();
    await sendPendingNow(); // the first attempt was refused: the retry is delivered
    const company = {
      legal_name: 'Panadería Ñandú S.R.L.',
      fiscal_address: 'Av. Corrientes 1234, CABA',
      activity_code: '107121',
      tax_classification: 'responsable_inscripto',
    };
    const saved = await call(progressRoute.PUT, {
      method: 'PUT',
      params: { ref: registration.ref },
      body: { step: 'path', company, path: 'generate' },
    });
    expect(saved.status).toBe(200);
    expectShape('RegistrationView', RegistrationView, await getRegistrationView(registration.ref));
    await completeRegistration(emulator(), registration);
    expectShape('PointsOfSale', PointsOfSale, await pointsOfSaleForLink(registration.ref));

    const invoiceWorkflow = await createInvoiceWorkflow(apiKey);
    const invoice = await storeInvoice(apiKey, registration.cuit);
    const job = await issue(apiKey, invoiceWorkflow.id, invoice.id);
    const [ended] = await runUntilEnded(apiKey, [job.id]);
    expect(ended.status, JSON.stringify(ended.steps)).toBe('completed');
    // Its PDF, made on the first request, adds the `pdf` meta record.
    const pdf = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${apiKey}` },
      }),
      { params: Promise.resolve({ id: invoice.id }) },
    );
    expect(pdf.status).toBe(200);

    const db = await getDb();
    const ownerId = workspace.owner_id;
    const metaRows = await db.select().from(metaRecords).where(eq(metaRecords.ownerId, ownerId));
    for (const row of metaRows) expectShape('MetaRecord', MetaRecord, presentMetaRecord(row));
    for (const row of await db.select().from(entries).where(eq(entries.ownerId, ownerId))) {
      expectShape(
        `Entry (${row.folder})`,
        Entry,
        presentEntry(
          row,
          metaRows.filter((meta) => meta.entryId === row.id),
        ),
      );
    }
    const certificateMeta = metaRows.find(
      (row) => row.entryId === supplier.id && row.src === 'gov-ar' && row.key === 'certificate',
    );
    expectShape('CertificateRecord', CertificateRecord, certificateMeta?.value);
    const [credential] = await db.select().from(credentials).where(eq(credentials.entryId, supplier.id));
    expectShape('CertificateRecord', CertificateRecord, { ...presentCertificate(credential!), state: 'valid' });

    const [progress] = await db
      .select()
      .from(registrationProgress)
      .where(eq(registrationProgress.ref, registration.ref));
    expectShape('Progress', Progress, presentProgress(progress));
    expectShape('Progress', Progress, presentProgress(undefined));

    for (const row of await db.select().from(workflows).where(eq(workflows.ownerId, ownerId))) {
      expectShape(`Workflow (${row.template})`, Workflow, presentWorkflow(row));
    }
    const jobRows = await db.select().from(jobs).where(eq(jobs.ownerId, ownerId));
    const jobIds = jobRows.map((row) => row.id);
    const stepRows = await db.select().from(jobSteps).where(inArray(jobSteps.jobId, jobIds));
    const deliveries = await deliveriesByJob(jobIds);
    for (const row of jobRows) {
      expectShape(
        'Job',
        Job,
        presentJob(
          row,
          stepRows.filter((step) => step.jobId === row.id),
          deliveries.get(row.id),
        ),
      );
    }
    const deliveryRows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.jobId, jobIds));
    const attemptsOf = new Map<string, string[]>();
    for (const row of deliveryRows) {
      const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row.id));
      attemptsOf.set(`${row.event} ${row.status}`, attempts.map((attempt) => attempt.outcome).sort());
      expectShape('WebhookDelivery', WebhookDelivery, presentDelivery(row, attempts));
    }
    // One delivered after a refused attempt, one still pending (its next attempt due): both shapes held.
    expect(Object.fromEntries(attemptsOf)).toEqual({
      'registration.link_created delivered': ['delivered', 'failed'],
      'registration.completed pending': [],
    });
    for (const row of await db.select().from(enrollments).where(eq(enrollments.ownerId, ownerId))) {
      expectShape('Enrollment', Enrollment, presentEnrollment(row, workspace.sandbox));
    }

    expect(Object.fromEntries(held)).toEqual({
      RegistrationView: 1,
      PointsOfSale: 1,
      MetaRecord: metaRows.length,
      'Entry (suppliers)': 1,
      'Entry (invoices)': 1,
      CertificateRecord: 2,
      Progress: 2,
      'Workflow (ar-supplier-registration)': 1,
      'Workflow (ar-invoice)': 1,
      Job: 2,
      WebhookDelivery: 2,
      Enrollment: 2,
    });
    expect(metaRows.map((row) => row.key)).toEqual(expect.arrayContaining(['link', 'certificate', 'pdf']));
  });
});
