// The wizard's view of the gov-ar/v1 service, as the browser receives it (the contract's JSON shapes).
import type { CertificatePath, CompanyData, PendingItem, Progress, WizardStep } from '@/lib/gov-ar/registration/progress-schema';
import type { CompanyPrefill } from '@/lib/gov-ar/registration/party-prefill';

export type { CertificatePath, CompanyData, CompanyPrefill, PendingItem, Progress, WizardStep };
export type Environment = 'sandbox' | 'live';

export interface CertificateRequest { alias: string; csr: string }

/** GET /gov-ar/v1/registrations/{ref} */
export interface RegistrationView {
  ref: string;
  environment: Environment;
  supplier: { name: string; tax_id: { country: string; code: string } };
  status: string;
  step: string;
  progress: Progress;
  /** What the supplier still owes, by the server's facts. */
  pending: PendingItem[];
  /** The company step's starting values, from the supplier entry. */
  prefill: CompanyPrefill;
  services: string[];
  renewal: boolean;
  allowed_origins: string[];
  csr?: CertificateRequest;
  current_certificate?: { alias: string; serial: string; not_after: string };
  /** A used live link still lacking a point of sale: what its upload registered. */
  completed?: UploadResult;
}

/** The certificate a successful upload registered. */
export interface RegisteredCertificate {
  alias: string;
  cuit: string;
  serial: string;
  issuer: string;
  not_before: string;
  not_after: string;
  services: string[];
}

export interface UploadResult { status: string; certificate: RegisteredCertificate }

export type UploadField = 'certificate' | 'key' | 'password';

/** An error body of the service; certificate errors carry the supplier's message in both languages. */
export interface ServiceErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
  messages?: { es: string; en: string };
  service?: string;
}

export interface PointOfSale { number: number; emission_type: string; blocked: boolean; dropped_on: string | null }

export interface PointsOfSale { environment: Environment; any_number_allowed: boolean; list: PointOfSale[] }
