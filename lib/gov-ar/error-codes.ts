// The Argentina app's own error codes and their HTTP statuses: registration links, certificates and keys,
// invoices. The API's error type takes them by declaration merging (their names type-check wherever an
// `ApiError` is made) and their statuses are registered at start-up by lib/gov-ar/plug.ts.
import { registerErrorStatuses } from '@/lib/api/errors';

const GOV_AR_ERROR_STATUS = {
  link_not_found: 404,
  taxpayer_not_found: 404,
  registration_in_progress: 409,
  registration_incomplete: 409,
  invoice_in_progress: 409,
  invoice_already_sent: 409,
  duplicate_invoice: 409,
  link_used: 409,
  certificate_missing: 422,
  certificate_unreadable: 422,
  certificate_is_request: 422,
  key_missing: 422,
  key_unreadable: 422,
  key_unsupported: 422,
  key_too_weak: 422,
  key_password_required: 422,
  key_password_invalid: 422,
  key_mismatch: 422,
  certificate_expired: 422,
  certificate_not_yet_valid: 422,
  certificate_untrusted: 422,
  certificate_wrong_environment: 422,
  certificate_cuit_mismatch: 422,
  certificate_revoked: 422,
  service_not_authorized: 422,
  supplier_not_registered: 422,
  point_of_sale_not_registered: 422,
  customer_register_mismatch: 422,
  pdf_render_failed: 422,
  caea_correction_not_allowed: 422,
} as const;
type GovArErrorStatus = typeof GOV_AR_ERROR_STATUS;

declare module '@/lib/api/errors' {
  interface ServiceErrorStatus extends GovArErrorStatus {}
}

export const registerGovArErrorCodes = () => registerErrorStatuses(GOV_AR_ERROR_STATUS);
