// The public API's JSON as the console's browser code reads it (CONTRACT.md). Members being added to the
// API (a job's `webhooks`, the certificate meta record) are optional here, so their absence renders.
export interface Page<T> { list: T[]; limit: number; next_cursor?: string }

export interface MetaRecord {
  id: string;
  created_at: string;
  updated_at: string;
  src: string;
  key: string;
  ref?: string;
  value?: unknown;
  link_url?: string;
  link_scope?: string;
}

export interface SupplierEntry {
  id: string;
  folder: string;
  key?: string;
  status: string;
  data: { name?: string; tax_id?: { country?: string; code?: string }; [field: string]: unknown };
  meta: MetaRecord[];
  created_at: string;
  updated_at: string;
}

/** The `value` of a supplier's `gov-ar` / `certificate` meta record. */
export interface CertificateMeta {
  alias?: string;
  serial?: string;
  issuer?: string;
  not_before?: string;
  not_after: string;
  services?: string[];
  environment?: string;
  state?: 'valid' | 'expiring' | 'expired';
}

export interface Workflow {
  id: string;
  name: string;
  template: string;
  steps: { name: string }[];
  webhook?: { url: string; secret?: string };
  invoice_types?: string[];
  services?: string[];
  allowed_origins?: string[];
  created_at: string;
}

export interface Enrollment { id: string; app_id: string; owner_id: string; created_at: string; disabled: boolean; sandbox: boolean }

export interface JobStep { name: string; status: string; started_at?: string; completed_at?: string; message?: string }

export interface WebhookAttempt {
  attempted_at: string;
  outcome: 'delivered' | 'failed';
  response_status?: number;
  latency_ms?: number;
  error?: string;
}

export interface JobWebhook {
  id: string;
  event: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  created_at: string;
  delivered_at?: string;
  next_attempt_at?: string;
  attempts?: WebhookAttempt[];
}

export interface Job {
  id: string;
  workflow_id: string;
  silo_entry_id: string;
  status: string;
  steps: JobStep[];
  webhooks?: JobWebhook[];
  created_at: string;
  updated_at: string;
  completed_at?: string;
}
