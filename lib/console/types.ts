// The public API's JSON as the console's browser code reads it: the types of the documented schemas
// (lib/responses), the one declaration of each shape. `import type` only: no zod in the bundle.
import type { Party } from '@/lib/gov-ar/party';
import type { Enrollment } from '@/lib/responses/access';
import type { ListOf } from '@/lib/responses/common';
import type { Entry, MetaRecord } from '@/lib/responses/entry';
import type { CertificateRecord } from '@/lib/responses/gov-ar';
import type { Job, WebhookDelivery, Workflow } from '@/lib/responses/transform';

export type { Enrollment, Job, MetaRecord, Workflow };
export type Page<T> = ListOf<T>;
export type SupplierEntry = Entry<Party>;
/** The `value` of a supplier's `gov-ar` / `certificate` meta record. */
export type CertificateMeta = CertificateRecord;
export type JobWebhook = WebhookDelivery;
