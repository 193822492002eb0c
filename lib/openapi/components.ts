// The named schemas of the document (components/schemas): requests are the handlers' own zod schemas,
// converted as a client writes them; responses are lib/openapi/responses, converted as we send them.
// Every request body and response named by an endpoint must be listed here (the builder says so).
import type { z } from 'zod';
import { AppBody, AuthorizeBody, WorkspaceBody } from '@/lib/access/schemas';
import { FaultBody } from '@/lib/emulator/faults';
import { AuthorizationBody, CertificateRequestBody, PointOfSaleBody, RevocationBody } from '@/lib/emulator/portal';
import { TaxpayerBody } from '@/lib/emulator/taxpayers';
import { CompanyDataSchema, ProgressBody } from '@/lib/responses/gov-ar-progress';
import { CertificateUploadForm } from '@/lib/gov-ar/registration/schemas';
import { ConsoleSessionBody } from '@/lib/console/schemas';
import { InvoiceEnvelopeSchema, StoredInvoiceEnvelopeSchema } from '@/lib/gov-ar/invoices/envelope';
import { PartySchema } from '@/lib/gov-ar/party';
import { EntryBody, WorkflowBody } from '@/lib/openapi/service-bodies';
import { JobBody } from '@/lib/transform/schemas';
import {
  AuthorizedEnrollment,
  ConsoleWorkspace,
  CreatedApp,
  CreatedWorkspace,
  Enrollment,
} from '@/lib/responses/access';
import { ConsoleInvoicePage, ConsoleSupplierPage } from '@/lib/openapi/responses/console';
import { ErrorBody } from '@/lib/responses/common';
import {
  IssuedCertificate,
  RecordedAuthorization,
  RecordedFault,
  RecordedPointOfSale,
  RecordedRevocation,
  RecordedTaxpayer,
  TaxpayerView,
  VoucherBook,
} from '@/lib/responses/emulator';
import {
  CertificateRecord,
  CertificateRequest,
  PointsOfSale,
  Progress,
  RegisteredCertificate,
  RegistrationView,
  SavedProgress,
  Taxpayer,
} from '@/lib/responses/gov-ar';
import { MetaRecord } from '@/lib/responses/entry';
import { Entry, EntryList } from '@/lib/openapi/responses/silo';
import { Job, JobList, JobStep, WebhookDelivery } from '@/lib/responses/transform';
import { Workflow, WorkflowList } from '@/lib/openapi/responses/transform';
import { OpenApiDocument, Ping } from '@/lib/responses/utils';

/** Shared by requests and responses (a stored entry's data is what its create sent). */
const SHARED = { Party: PartySchema, CompanyData: CompanyDataSchema };

export const REQUEST_COMPONENTS: Record<string, z.ZodType> = {
  ...SHARED,
  InvoiceEnvelope: InvoiceEnvelopeSchema,
  WorkspaceBody,
  AppBody,
  AuthorizeBody,
  ConsoleSessionBody,
  EntryBody,
  WorkflowBody,
  JobBody,
  ProgressBody,
  CertificateUploadForm,
  EmulatorCertificateBody: CertificateRequestBody,
  EmulatorAuthorizationBody: AuthorizationBody,
  EmulatorRevocationBody: RevocationBody,
  EmulatorPointOfSaleBody: PointOfSaleBody,
  EmulatorTaxpayerBody: TaxpayerBody,
  EmulatorFaultBody: FaultBody,
};

export const RESPONSE_COMPONENTS: Record<string, z.ZodType> = {
  ...SHARED,
  StoredInvoiceEnvelope: StoredInvoiceEnvelopeSchema,
  Error: ErrorBody,
  CreatedWorkspace,
  CreatedApp,
  Enrollment,
  AuthorizedEnrollment,
  ConsoleWorkspace,
  ConsoleSupplierPage,
  ConsoleInvoicePage,
  Entry,
  EntryList,
  MetaRecord,
  Workflow,
  WorkflowList,
  Job,
  JobList,
  JobStep,
  WebhookDelivery,
  RegistrationView,
  Progress,
  SavedProgress,
  CertificateRequest,
  RegisteredCertificate,
  CertificateRecord,
  PointsOfSale,
  Taxpayer,
  IssuedCertificate,
  RecordedAuthorization,
  RecordedRevocation,
  RecordedPointOfSale,
  RecordedTaxpayer,
  TaxpayerView,
  VoucherBook,
  RecordedFault,
  Ping,
  OpenApiDocument,
};

/** The id a schema is listed under, for a $ref; an unlisted one is a mistake in the registry. */
export function componentId(components: Record<string, z.ZodType>, schema: z.ZodType, what: string): string {
  const found = Object.entries(components).find(([, listed]) => listed === schema);
  if (!found) throw new Error(`${what}: name its schema in lib/openapi/components.ts`);
  return found[0];
}
