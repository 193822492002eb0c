// The wizard's view of the gov-ar/v1 service, as the browser receives it: the types of the documented
// schemas (lib/responses), the one declaration of each shape. `import type` only: no zod in the bundle.
import type { CertificatePath, CompanyData, PendingItem, WizardStep } from '@/lib/responses/gov-ar-progress';
import type { CompanyPrefill } from '@/lib/gov-ar/registration/party-prefill';
import type { ErrorBody } from '@/lib/responses/common';
import type {
  CertificateRequest,
  PointsOfSale,
  Progress,
  RegisteredCertificate as UploadAnswer,
  RegistrationView as ServiceView,
} from '@/lib/responses/gov-ar';

export type {
  CertificatePath,
  CertificateRequest,
  CompanyData,
  CompanyPrefill,
  PendingItem,
  PointsOfSale,
  Progress,
  WizardStep,
};
export type Environment = ServiceView['environment'];

/** What a successful upload answers: the entry's status and the certificate it registered. */
export type UploadResult = UploadAnswer;
export type RegisteredCertificate = UploadResult['certificate'];

/**
 * GET /gov-ar/v1/registrations/{ref}, and what the page itself shows for a used live link still lacking a
 * point of sale: the certificate its upload registered (lib/gov-ar/registration/view.ts getFollowUpView).
 */
export type RegistrationView = ServiceView & { completed?: UploadResult };

export type UploadField = 'certificate' | 'key' | 'password';

/** An error body of the service; certificate errors carry the supplier's message in both languages. */
export type ServiceErrorBody = ErrorBody;

export type PointOfSale = PointsOfSale['list'][number];

/** What the authority's portal holds for the link's request, when the service can ask it (the emulator). */
export type PortalRecord = NonNullable<ServiceView['portal_record']>;
