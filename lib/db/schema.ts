// The one Postgres schema, shared by PGlite (embedded) and PostgreSQL.
import { sql, type Column, type InferSelectModel } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** A supplier entry's CUIT as queries name it (`data.tax_id.code`), so the planner matches the index on it. */
export const supplierCuit = (data: Column) => sql`(${data}->'tax_id'->>'code')`;

/**
 * The condition of the supplier index (`entries_supplier_cuit`), as queries must write it: with the folder a
 * literal. As a parameter (`folder = $2`) a prepared statement's generic plan, which the embedded database
 * settles on after five runs, cannot prove the index's condition, and scans every supplier of the workspace.
 */
export const isSupplierEntry = (folder: Column) => sql`${folder} = 'suppliers'`;

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  sandbox: boolean('sandbox').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Workspace API keys; only a SHA-256 of the key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_workspace').on(t.workspaceId).concurrently()],
);

/**
 * Console sign-ins. The browser's cookie holds a random 256-bit session id, of which only a SHA-256 is
 * kept; the row names the key it was opened with, so revoking that key ends the session too.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('console_sessions_expires').on(t.expiresAt),
    index('console_sessions_owner').on(t.ownerId).concurrently(),
    index('console_sessions_api_key').on(t.apiKeyId).concurrently(),
  ],
);

/** Apps: the built-in `gov-ar` (no owner, no secret) and integrators' own apps. */
export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id').references(() => workspaces.id),
    name: text('name').notNull(),
    clientId: text('client_id').notNull().unique(),
    clientSecretHash: text('client_secret_hash'),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('apps_owner').on(t.ownerId).concurrently()],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    data: jsonb('data').notNull().default({}),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enrollments_app_owner').on(t.appId, t.ownerId),
    index('enrollments_owner').on(t.ownerId).concurrently(),
  ],
);

/** Enrollment tokens issued by authorize; only a SHA-256 of the token is kept. */
export const enrollmentTokens = pgTable(
  'enrollment_tokens',
  {
    id: uuid('id').primaryKey(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enrollment_tokens_enrollment').on(t.enrollmentId).concurrently()],
);

/**
 * Every status an entry may have, whichever service moves it. Suppliers: Empty → Processing →
 * Registered (or Error), Expired when the certificate runs out. Invoices: Empty → Processing → Sent (or Error).
 */
export const ENTRY_STATUSES = ['Empty', 'Processing', 'Registered', 'Error', 'Expired', 'Sent'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    folder: text('folder').notNull(),
    key: text('key'),
    status: text('status').$type<EntryStatus>().notNull(),
    data: jsonb('data').notNull(),
    /**
     * SHA-256 of the create request as received (folder, key, data): a repeated create is compared with it,
     * since what is stored may have moved on (an invoice gains its number and stamps).
     */
    requestDigest: text('request_digest'),
    /**
     * The identity of the document the entry holds, when its folder declares one (an invoice's GOBL `doc.uuid`):
     * a workspace keeps each document once per folder.
     */
    identity: text('identity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('entries_owner_key').on(t.ownerId, t.key).where(sql`${t.key} is not null`),
    index('entries_owner_folder_created').on(t.ownerId, t.folder, t.createdAt, t.id),
    // Two stores of one document at the same moment: the second insert fails here, on either database.
    uniqueIndex('entries_owner_folder_identity')
      .on(t.ownerId, t.folder, t.identity)
      .where(sql`${t.identity} is not null`)
      .concurrently(),
    index('entries_owner_created').on(t.ownerId, t.createdAt, t.id).concurrently(),
    // Storing an invoice finds its supplier by CUIT. An expression index rather than a column: it is built
    // from the rows as they are, concurrently, where a stored generated column would rewrite the table
    // under an exclusive lock and a filled column would need every existing row updated. Not unique: a
    // workspace may hold several entries for one CUIT (branches, re-registrations).
    index('entries_supplier_cuit')
      .on(t.ownerId, supplierCuit(t.data), t.createdAt, t.id)
      .where(isSupplierEntry(t.folder))
      .concurrently(),
  ],
);

export const metaRecords = pgTable(
  'meta_records',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    jobId: uuid('job_id'),
    src: text('src').notNull(),
    key: text('key').notNull(),
    ref: text('ref').unique(),
    value: jsonb('value'),
    linkUrl: text('link_url'),
    linkScope: text('link_scope'),
    indexed: boolean('indexed').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meta_records_entry').on(t.entryId, t.createdAt),
    // A job's link (src gov-ar, key link), looked up by the steps that make and announce it.
    index('meta_records_job_src_key').on(t.jobId, t.src, t.key).concurrently(),
    index('meta_records_owner').on(t.ownerId).concurrently(),
  ],
);

/**
 * A workflow's stored settings: the engine's webhook, and the template's own fields, which its service
 * declares by declaration merging (lib/gov-ar/registration/workflow.ts).
 */
export interface WorkflowConfig {
  webhook?: { url: string };
}

export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    template: text('template').notNull(),
    config: jsonb('config').$type<WorkflowConfig>().notNull().default({}),
    /** Plaintext signing secret of workflows made before secrets were sealed; moved into `secrets` at start-up. */
    webhookSecret: text('webhook_secret'),
    /** The Standard Webhooks signing secret (`whsec_...`), sealed; never presented after creation. */
    webhookSecretId: uuid('webhook_secret_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workflows_owner_created').on(t.ownerId, t.createdAt, t.id)],
);

export const JOB_STATUSES = ['queued', 'running', 'waiting', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    key: text('key'),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id),
    siloEntryId: uuid('silo_entry_id')
      .notNull()
      .references(() => entries.id),
    status: text('status').$type<JobStatus>().notNull(),
    /** What the supplier handed over while the job was not yet waiting; the wait step consumes it. */
    authorization: jsonb('authorization'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('jobs_owner_key').on(t.ownerId, t.key).where(sql`${t.key} is not null`),
    // At most one unfinished job per entry: concurrent creations cannot both win.
    uniqueIndex('jobs_one_open_per_entry')
      .on(t.siloEntryId)
      .where(sql`${t.status} in ('queued', 'running', 'waiting')`),
    // The lists, newest first: all of a workspace's jobs, and an entry's (`?silo_entry_id=`).
    index('jobs_owner_created').on(t.ownerId, t.createdAt, t.id).concurrently(),
    index('jobs_owner_entry_created').on(t.ownerId, t.siloEntryId, t.createdAt, t.id).concurrently(),
    // Foreign keys: deleting an entry or a workflow checks for jobs by these alone.
    index('jobs_entry').on(t.siloEntryId).concurrently(),
    index('jobs_workflow').on(t.workflowId).concurrently(),
  ],
);

export const STEP_STATUSES = ['pending', 'ready', 'running', 'waiting', 'completed', 'failed', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Each step of a job is a row; runners claim ready rows with FOR UPDATE SKIP LOCKED. */
export const jobSteps = pgTable(
  'job_steps',
  {
    id: uuid('id').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    rescue: boolean('rescue').notNull().default(false),
    config: jsonb('config').notNull().default({}),
    status: text('status').$type<StepStatus>().notNull(),
    /** Claims of the step (a runner's lease is checked against it). */
    attempts: integer('attempts').notNull().default(0),
    /** Runs that ended in an error: what retries back off on and a step fails after, not its claims. */
    errors: integer('errors').notNull().default(0),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    message: text('message'),
  },
  (t) => [
    uniqueIndex('job_steps_job_position').on(t.jobId, t.position),
    index('job_steps_claim').on(t.status, t.runAt),
    // Steps whose runner died: only the running ones, a handful however large the table grows.
    index('job_steps_lease').on(t.lockedUntil).where(sql`${t.status} = 'running'`).concurrently(),
  ],
);

// ---- Webhooks: an outbox of events, each delivered (and retried) on its own ----

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event for one receiver. The id is the `webhook-id`: the same on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id),
    jobId: uuid('job_id'),
    entryId: uuid('entry_id'),
    event: text('event').notNull(),
    url: text('url').notNull(),
    /** The JSON body exactly as sent, so that every attempt carries the same bytes. */
    body: text('body').notNull(),
    /** Says which occurrence of an event this is, so that it is enqueued once however often it is raised. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_job').on(t.jobId),
    index('webhook_deliveries_owner').on(t.ownerId).concurrently(),
    index('webhook_deliveries_workflow').on(t.workflowId).concurrently(),
  ],
);

/** Every attempt at a delivery: when, how long, what the receiver answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: ts('attempted_at').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    responseStatus: integer('response_status'),
    outcome: text('outcome').$type<'delivered' | 'failed'>().notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.attemptedAt)],
);

/** Expiry warnings already raised: one per certificate and threshold (30, 7, 1 days). */
export const certificateNotices = pgTable(
  'certificate_notices',
  {
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id),
    thresholdDays: integer('threshold_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('certificate_notices_once').on(t.credentialId, t.thresholdDays)],
);

/** Periodic tasks shared by every instance: whoever moves `last_run_at` forward runs the task. */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull(),
});

/**
 * Rate-limit buckets every instance on this PostgreSQL shares (lib/api/rate-limit): the time, in ms
 * since the epoch, at which each bucket is full again. A row whose time has passed carries nothing.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    fullAtMs: bigint('full_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_buckets_full_at').on(t.fullAtMs)],
);

export type Workspace = InferSelectModel<typeof workspaces>;
export type App = InferSelectModel<typeof apps>;
export type EnrollmentRow = InferSelectModel<typeof enrollments>;
export type Entry = InferSelectModel<typeof entries>;
export type MetaRecordRow = InferSelectModel<typeof metaRecords>;
export type WorkflowRow = InferSelectModel<typeof workflows>;
export type JobRow = InferSelectModel<typeof jobs>;
export type JobStepRow = InferSelectModel<typeof jobSteps>;
export type WebhookDelivery = InferSelectModel<typeof webhookDeliveries>;
export type WebhookAttemptRow = InferSelectModel<typeof webhookAttempts>;

// ---- Certificates and the tax authority ----

/**
 * Every secret at rest (private keys, key passwords, WSAA tickets), sealed by lib/crypto: AES-256-GCM
 * under a fresh data key wrapped by the master key `key_id`, bound to owner, entry and purpose.
 */
export const secrets = pgTable(
  'secrets',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    entryId: uuid('entry_id'),
    purpose: text('purpose').notNull(),
    keyId: text('key_id').notNull(),
    sealed: text('sealed').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('secrets_key_id').on(t.keyId), index('secrets_owner').on(t.ownerId).concurrently()],
);

/**
 * The types of the columns a service's tables hold in its own vocabulary (the authority's environment and
 * web service, the wizard's step, a voucher's detail): the service names them by declaration merging
 * (lib/gov-ar/app.ts, lib/emulator/voucher-detail.ts), so this schema imports nothing of theirs.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the services' declaration merging
export interface ServiceColumnTypes {}
type Environment = ServiceColumnTypes['environment'];
type AuthorityService = ServiceColumnTypes['authorityService'];
type WizardStep = ServiceColumnTypes['wizardStep'];
type CompanyData = ServiceColumnTypes['companyData'];
type CertificatePath = ServiceColumnTypes['certificatePath'];
type VoucherDetail = ServiceColumnTypes['voucherDetail'];
type Observation = ServiceColumnTypes['voucherObservation'];
type RegisterKind = ServiceColumnTypes['registerKind'];
type RegisterAddress = ServiceColumnTypes['registerAddress'];
type RegisterActivity = ServiceColumnTypes['registerActivity'];
type RegisterTaxpayer = ServiceColumnTypes['registerTaxpayer'];

export type CredentialStatus = 'active' | 'expired' | 'replaced';

/** A supplier's certificate as accepted; the key (and its password) are secrets. One active per entry. */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    jobId: uuid('job_id'),
    environment: text('environment').$type<Environment>().notNull(),
    alias: text('alias').notNull(),
    cuit: text('cuit').notNull(),
    serial: text('serial').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    fingerprint: text('fingerprint').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    keySecretId: uuid('key_secret_id')
      .notNull()
      .references(() => secrets.id),
    passwordSecretId: uuid('password_secret_id').references(() => secrets.id),
    services: jsonb('services').$type<AuthorityService[]>().notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    /**
     * `active`: the entry's certificate; `expired`: still the entry's certificate, which the expiry sweep
     * found run out (and so never reads again); `replaced`: history, after a renewal.
     */
    status: text('status').$type<CredentialStatus>().notNull(),
    createdAt: createdAt(),
    replacedAt: ts('replaced_at'),
  },
  (t) => [
    uniqueIndex('credentials_one_active_per_entry').on(t.entryId).where(sql`${t.status} = 'active'`),
    index('credentials_owner_cuit').on(t.ownerId, t.cuit),
    // The expiry sweep's pages: active certificates by expiry (expired ones leave the range once marked).
    index('credentials_status_not_after').on(t.status, t.notAfter, t.id).concurrently(),
    // Foreign keys: deleting an entry or a secret (a WSAA ticket's, when it is renewed) checks these.
    index('credentials_entry').on(t.entryId).concurrently(),
    index('credentials_key_secret').on(t.keySecretId).concurrently(),
    index('credentials_password_secret').on(t.passwordSecretId).concurrently(),
  ],
);

/** A key pair we made for a registration link (POST .../csr); the certificate upload then needs no key. */
export const registrationKeys = pgTable(
  'registration_keys',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    ref: text('ref').notNull().unique(),
    alias: text('alias').notNull(),
    csrPem: text('csr_pem').notNull(),
    keySecretId: uuid('key_secret_id')
      .notNull()
      .references(() => secrets.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_keys_owner').on(t.ownerId).concurrently(),
    index('registration_keys_entry').on(t.entryId).concurrently(),
    index('registration_keys_key_secret').on(t.keySecretId).concurrently(),
  ],
);

/** Where a supplier is in the wizard, per link, so they resume on any device. */
export const registrationProgress = pgTable(
  'registration_progress',
  {
    ref: text('ref')
      .primaryKey()
      .references(() => metaRecords.ref),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    step: text('step').$type<WizardStep>().notNull(),
    /** The company data the supplier confirmed or corrected. */
    company: jsonb('company').$type<CompanyData>(),
    /** How they get the certificate: `generate` (our key and request) or `own`. */
    path: text('path').$type<CertificatePath>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('registration_progress_owner').on(t.ownerId).concurrently(),
    index('registration_progress_entry').on(t.entryId).concurrently(),
  ],
);

/** WSAA tickets, shared by every instance, one per (environment, certificate, service). */
export const authorityTickets = pgTable(
  'authority_tickets',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    environment: text('environment').$type<Environment>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    service: text('service').$type<AuthorityService>().notNull(),
    secretId: uuid('secret_id')
      .notNull()
      .references(() => secrets.id),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('authority_tickets_cert_service').on(t.environment, t.fingerprint, t.service),
    index('authority_tickets_owner').on(t.ownerId).concurrently(),
    index('authority_tickets_secret').on(t.secretId).concurrently(),
  ],
);

// ---- The authority emulator's own state (AR_AUTHORITY=emulator) ----

export const emulatorCertificates = pgTable('emulator_certificates', {
  serial: text('serial').primaryKey(),
  environment: text('environment').$type<Environment>().notNull(),
  alias: text('alias').notNull(),
  cuit: text('cuit').notNull(),
  fingerprint: text('fingerprint').notNull().unique(),
  certificatePem: text('certificate_pem').notNull(),
  notAfter: ts('not_after').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export const emulatorAuthorizations = pgTable(
  'emulator_authorizations',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    alias: text('alias').notNull(),
    service: text('service').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emulator_authorizations_unique').on(t.environment, t.cuit, t.alias, t.service)],
);

export const emulatorPointsOfSale = pgTable(
  'emulator_points_of_sale',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    number: integer('number').notNull(),
    emissionType: text('emission_type').notNull().default('CAE'),
    blocked: boolean('blocked').notNull().default(false),
    droppedOn: text('dropped_on'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emulator_points_of_sale_unique').on(t.environment, t.cuit, t.number)],
);

/** Tickets the emulated WSAA issued; only digests of token and sign are kept. */
export const emulatorTickets = pgTable(
  'emulator_tickets',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    service: text('service').notNull(),
    cuit: text('cuit').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    signHash: text('sign_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emulator_tickets_one_per_certificate_service').on(t.environment, t.fingerprint, t.service)],
);

/** A CUIT's IVA condition in the emulated authority's register; a CUIT with none is a Responsable Inscripto. */
export type TaxpayerVatStatus = 'responsable_inscripto' | 'monotributo' | 'exento' | 'consumidor_final';

export const emulatorTaxpayers = pgTable(
  'emulator_taxpayers',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    vatStatus: text('vat_status').$type<TaxpayerVatStatus>().notNull(),
    /** What the register (constancia de inscripción) says of the CUIT; a row without a name is unknown to it. */
    name: text('name'),
    kind: text('kind').$type<RegisterKind>(),
    address: jsonb('address').$type<RegisterAddress>(),
    activities: jsonb('activities').$type<RegisterActivity[]>(),
    startedOn: text('started_on'),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('emulator_taxpayers_unique').on(t.environment, t.cuit)],
);

/**
 * The authority's register (constancia de inscripción) as we last read it, per environment and CUIT, kept a
 * day and shared by every instance; `answer` null: the register knows no such CUIT (kept a shorter while).
 */
export const taxpayerRegisterAnswers = pgTable(
  'taxpayer_register_answers',
  {
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    answer: jsonb('answer').$type<RegisterTaxpayer>(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [uniqueIndex('taxpayer_register_answers_key').on(t.environment, t.cuit)],
);

/**
 * The WSAA ticket of the platform's own certificate for the register (ws_sr_constancia_inscripcion), per
 * environment and certificate; token and sign sealed (the platform's, no workspace's: authority_tickets and
 * secrets belong to a workspace).
 */
export const registerTickets = pgTable(
  'register_tickets',
  {
    environment: text('environment').$type<Environment>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    sealed: text('sealed').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('register_tickets_key').on(t.environment, t.fingerprint)],
);

/**
 * The last number and date the emulated WSFEv1 authorised in each sequence (CUIT, point of sale, voucher
 * type). FECAESolicitar holds this row's lock while it numbers, as the authority serialises a sequence.
 */
export const emulatorVoucherSequences = pgTable(
  'emulator_voucher_sequences',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
    /** yyyymmdd, as the service writes dates. */
    lastDate: text('last_date'),
  },
  (t) => [uniqueIndex('emulator_voucher_sequences_unique').on(t.environment, t.cuit, t.pointOfSale, t.voucherType)],
);

/** How the authority came to hold a voucher: authorised online (CAE) or informed under an advance code (CAEA). */
export type EmulatorEmission = 'CAE' | 'CAEA';

/** Vouchers the emulated WSFEv1 authorised or was informed of: a number (or, for B, a range) of a sequence, and its code. */
export const emulatorVouchers = pgTable(
  'emulator_vouchers',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    numberFrom: integer('number_from').notNull(),
    numberTo: integer('number_to').notNull(),
    cae: text('cae').notNull(),
    /** yyyymmdd */
    caeDue: text('cae_due').notNull(),
    /** yyyymmddhhmiss in Argentina, as FchProceso is written. */
    processedAt: text('processed_at').notNull(),
    detail: jsonb('detail').$type<VoucherDetail>().notNull(),
    observations: jsonb('observations').$type<Observation[]>().notNull().default([]),
    /** CAE: authorised by FECAESolicitar (`cae` is its CAE); CAEA: informed by FECAEARegInformativo (`cae` is the CAEA). */
    emission: text('emission').$type<EmulatorEmission>().notNull().default('CAE'),
    /** CAEA only: CbteFchHsGen, when the voucher was made in contingency (yyyymmddhhmiss). */
    generatedAt: text('generated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emulator_vouchers_number').on(t.environment, t.cuit, t.pointOfSale, t.voucherType, t.numberFrom),
    index('emulator_vouchers_newest').on(t.environment, t.cuit, t.createdAt),
  ],
);

/**
 * The CAEAs the emulated WSFEv1 granted: one per (environment, CUIT, period, half), the code unique in its
 * environment; its validity (the fortnight), the last day to inform its vouchers, and when it was granted.
 */
export const emulatorCaeas = pgTable(
  'emulator_caeas',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    /** yyyymm */
    period: integer('period').notNull(),
    /** 1: days 1-15; 2: day 16 to the month's end. */
    half: integer('half').notNull(),
    caea: text('caea').notNull(),
    /** yyyymmdd: FchVigDesde, FchVigHasta, FchTopeInf. */
    validFrom: text('valid_from').notNull(),
    validTo: text('valid_to').notNull(),
    reportBy: text('report_by').notNull(),
    /** yyyymmddhhmiss in Argentina. */
    processedAt: text('processed_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emulator_caeas_fortnight').on(t.environment, t.cuit, t.period, t.half),
    uniqueIndex('emulator_caeas_code').on(t.environment, t.caea),
  ],
);

/** A CAEA's points of sale informed as unused (FECAEASinMovimientoInformar): once per CAEA and point of sale. */
export const emulatorCaeaIdlePoints = pgTable(
  'emulator_caea_idle_points',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    caea: text('caea').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    /** yyyymmdd, as FchProceso is written for this operation. */
    processedOn: text('processed_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emulator_caea_idle_points_unique').on(t.environment, t.caea, t.pointOfSale)],
);

/**
 * Vouchers the emulated WSFEX (exports, E) authorised, one per request: the request's Id (unique per CUIT, so
 * the same Id sent again finds its first answer), the voucher's number in its sequence, its CAE, and the
 * request as received (`Cmp`, for FEXGetCMP). Numbered under emulator_voucher_sequences' lock, whose types
 * 19-21 WSFEv1 never uses.
 */
export const emulatorExportVouchers = pgTable(
  'emulator_export_vouchers',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    number: integer('number').notNull(),
    cae: text('cae').notNull(),
    /** yyyymmdd */
    caeDue: text('cae_due').notNull(),
    /** yyyymmdd: Fecha_cbte, or the processing date when none was sent. */
    voucherDate: text('voucher_date').notNull(),
    /** yyyymmddhhmiss in Argentina. */
    processedAt: text('processed_at').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emulator_export_vouchers_request').on(t.environment, t.cuit, t.requestId),
    uniqueIndex('emulator_export_vouchers_number').on(t.environment, t.cuit, t.pointOfSale, t.voucherType, t.number),
  ],
);

/**
 * Vouchers the emulated WSCT (tourism, type T) authorised: its own book, one number per voucher, the request
 * kept as sent (WSCT's `ComprobanteType`). The sequence's last number and lock are emulator_voucher_sequences'
 * (its types 195-197 are sequences of their own).
 */
export const emulatorWsctVouchers = pgTable(
  'emulator_wsct_vouchers',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    number: integer('number').notNull(),
    cae: text('cae').notNull(),
    /** yyyy-mm-dd, as WSCT writes dates. */
    caeDue: text('cae_due').notNull(),
    comprobante: jsonb('comprobante').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emulator_wsct_vouchers_number').on(t.environment, t.cuit, t.pointOfSale, t.voucherType, t.number),
  ],
);
export type EmulatorWsctVoucher = InferSelectModel<typeof emulatorWsctVouchers>;

export type EmulatorFault = 'drop_response' | 'unavailable' | 'error_after_commit' | 'slow' | 'lagging_lookup' | 'down';

/**
 * A fault set at the portal: the next `remaining` calls of an operation lose their answer, are refused,
 * answered late (`delay_ms`) or see the book as it was `delay_ms` ago; or, for `down` (operation `*`),
 * every call of the environment is refused until `down_until`.
 */
export const emulatorFaults = pgTable(
  'emulator_faults',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    operation: text('operation').notNull(),
    fault: text('fault').$type<EmulatorFault>().notNull(),
    remaining: integer('remaining').notNull(),
    delayMs: integer('delay_ms'),
    downUntil: ts('down_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emulator_faults_unique').on(t.environment, t.operation)],
);

export type Secret = InferSelectModel<typeof secrets>;
export type Credential = InferSelectModel<typeof credentials>;
export type RegistrationKey = InferSelectModel<typeof registrationKeys>;
export type RegistrationProgress = InferSelectModel<typeof registrationProgress>;
export type AuthorityTicket = InferSelectModel<typeof authorityTickets>;

// ---- Issuing invoices at the authority (WSFEv1): numbering per sequence, and each invoice's sending ----

/**
 * One numbering sequence of the authority: (environment, CUIT, point of sale, CbteTipo). `last_number` is the
 * last number we know the authority authorised (null: ask it); the lease says which runner sends for the
 * sequence now, so across processes and instances one batch at a time is in flight per sequence.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    id: uuid('id').primaryKey(),
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    docType: integer('doc_type').notNull(),
    lastNumber: integer('last_number'),
    /** No longer written: nothing read it (the authority judges a date against its own last, 10016). */
    lastDate: text('last_date'),
    leaseOwner: uuid('lease_owner'),
    leaseUntil: ts('lease_until'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('invoice_sequences_key').on(t.environment, t.cuit, t.pointOfSale, t.docType)],
);

/**
 * The last WSFEX request Id given per (environment, CUIT): Ids are the CUIT's, shared by all its export
 * sequences, so each is taken here under the row's lock, after both this and the authority's last
 * (`FEXGetLast_ID`): never one the CUIT used before.
 */
export const exportRequestIds = pgTable(
  'export_request_ids',
  {
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit] })],
);

/**
 * queued (no number) → sending (numbered; its request may have reached the authority: in doubt until its
 * answer or the authority's record settles it) → authorised | refused | conflict (the authority holds its
 * number for another voucher); queued → withdrawn (its job failed, or its workspace cannot send: never sent).
 * Only a refusal, or a request that provably never left, puts a numbered send back in the queue.
 *
 * Contingency (docs/contingency.md): a queued send of a workflow that opted in, left unanswered past its
 * patience, moves to the supplier's CAEA point of sale's sequence and is numbered there at once: `unreported`
 * (issued under the fortnight's CAEA, the invoice Sent) → reporting (FECAEARegInformativo may have reached the
 * authority: in doubt, settled by its record like `sending`) → reported | report_refused (the invoice keeps its
 * number; corrected, it goes back to unreported and is informed again with the same number).
 */
export const INVOICE_SEND_STATES = [
  'queued',
  'sending',
  'authorised',
  'refused',
  'conflict',
  'withdrawn',
  'unreported',
  'reporting',
  'reported',
  'report_refused',
] as const;
export type InvoiceSendState = (typeof INVOICE_SEND_STATES)[number];

/** The states in which a send holds its number: at most one send per number of a sequence. */
export const NUMBER_HOLDING_STATES = [
  'sending',
  'authorised',
  'unreported',
  'reporting',
  'reported',
  'report_refused',
] as const satisfies readonly InvoiceSendState[];

/** What the authority said of one voucher (a refusal's errors and observations, or the CAE). */
export interface InvoiceSendResult {
  cae?: string;
  caeDue?: string;
  /** yyyymmdd the authority processed it. */
  processedOn?: string;
  observations?: { code: number | string; message: string }[];
  errors?: { code: number | string; message: string }[];
}

/**
 * One invoice's trip to the authority, made by its job's `gov-ar.send` step: queued, numbered and sent in a
 * batch (`sending`, written before the request goes out, so a crash leaves it in doubt, never lost), then
 * authorised (CAE) or refused. A number is taken by at most one invoice while sending or authorised.
 */
export const invoiceSends = pgTable(
  'invoice_sends',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => invoiceSequences.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    state: text('state').$type<InvoiceSendState>().notNull(),
    number: integer('number'),
    /**
     * The voucher without its number, as mapped when the invoice was queued: WSFEv1's FECAEDetRequest, WSFEX's
     * Cmp (exports) or WSCT's comprobante (tourism), by the sequence's type.
     */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /**
     * WSFEX's request Id (exports): given with the number, sent again with it to settle a lost answer (the
     * authority answers a repeated Id with its first result). Null for the other services, and while queued.
     */
    requestId: bigint('request_id', { mode: 'number' }),
    /** The CAEA a contingency voucher was issued under (null for a CAE one). */
    caea: text('caea'),
    issueDate: text('issue_date').notNull(),
    result: jsonb('result').$type<InvoiceSendResult>(),
    queuedAt: ts('queued_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoice_sends_job').on(t.jobId),
    uniqueIndex('invoice_sends_number')
      .on(t.sequenceId, t.number)
      .where(sql`${t.state} in ('sending', 'authorised', 'unreported', 'reporting', 'reported', 'report_refused')`),
    index('invoice_sends_sequence_state').on(t.sequenceId, t.state, t.issueDate, t.queuedAt),
    index('invoice_sends_entry').on(t.entryId),
    // The contingency reporter's look for what is still to inform (few rows, whatever the table's size).
    index('invoice_sends_to_report').on(t.sequenceId, t.number).where(sql`${t.state} in ('unreported', 'reporting')`),
    index('invoice_sends_owner').on(t.ownerId).concurrently(),
  ],
);

export type InvoiceSequence = InferSelectModel<typeof invoiceSequences>;
export type InvoiceSend = InferSelectModel<typeof invoiceSends>;

/**
 * A supplier's CAEA for one fortnight (`period` yyyymm, `half` 1 or 2), asked ahead by the periodic task
 * (lib/gov-ar/contingency) for every CUIT with a workflow that opted in. `caea` is null while the authority has
 * not granted it: `missing_since` says since when it was wanted and `last_error` why it is not here, so its
 * absence is made known once per fortnight. Dates are the authority's yyyymmdd.
 */
export const caeaCodes = pgTable(
  'caea_codes',
  {
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    period: integer('period').notNull(),
    half: integer('half').notNull(),
    caea: text('caea'),
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    reportBy: text('report_by'),
    /**
     * The CUIT's CAEA points of sale as the authority listed them when the CAEA was had (`EmisionTipo` CAEA):
     * known ahead, since they are wanted when the authority does not answer.
     */
    pointsOfSale: jsonb('points_of_sale').$type<number[]>(),
    missingSince: ts('missing_since'),
    lastError: text('last_error'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.period, t.half] })],
);

export const CAEA_IDLE_STATES = ['sending', 'informed', 'refused'] as const;
export type CaeaIdleState = (typeof CAEA_IDLE_STATES)[number];

/**
 * A CAEA point of sale on which nothing was issued in a fortnight, informed as unused
 * (FECAEASinMovimientoInformar): `sending` before the request goes out (in doubt until
 * FECAEASinMovimientoConsultar settles it), then informed or refused (with the authority's errors).
 */
export const caeaIdleReports = pgTable(
  'caea_idle_reports',
  {
    environment: text('environment').$type<Environment>().notNull(),
    cuit: text('cuit').notNull(),
    period: integer('period').notNull(),
    half: integer('half').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    state: text('state').$type<CaeaIdleState>().notNull(),
    result: jsonb('result').$type<InvoiceSendResult>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.period, t.half, t.pointOfSale] })],
);

export type CaeaCode = InferSelectModel<typeof caeaCodes>;
export type CaeaIdleReport = InferSelectModel<typeof caeaIdleReports>;

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Each issued invoice's PDF, rendered once by its job's `gov-ar.pdf` step and kept here so every instance serves it. */
export const invoicePdfs = pgTable(
  'invoice_pdfs',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => entries.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id),
    fileName: text('file_name').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_pdfs_owner').on(t.ownerId)],
);
