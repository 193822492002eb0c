// gov-ar/v1: the wizard's service, public by link ref (knowing the unguessable ref is the capability).
import type { CertificateErrorCode } from '@/lib/ar/certificates/errors';
import { ProgressBody } from '@/lib/responses/gov-ar-progress';
import { CertificateUploadForm, RefParams } from '@/lib/gov-ar/registration/schemas';
import {
  CertificateRequest,
  PointsOfSale,
  RegisteredCertificate,
  RegistrationView,
  SavedProgress,
  Taxpayer,
} from '@/lib/responses/gov-ar';
import { TaxpayerParams } from '@/lib/gov-ar/taxpayers/schemas';
import { answer, jsonBody, multipartBody, type Endpoint } from '@/lib/openapi/types';

/** Every refusal of an upload, each with the supplier's message in Spanish and English. */
const UPLOAD_REFUSALS = [
  'certificate_missing',
  'certificate_unreadable',
  'certificate_is_request',
  'key_missing',
  'key_unreadable',
  'key_unsupported',
  'key_too_weak',
  'key_password_required',
  'key_password_invalid',
  'key_mismatch',
  'certificate_expired',
  'certificate_not_yet_valid',
  'certificate_untrusted',
  'certificate_wrong_environment',
  'certificate_cuit_mismatch',
  'certificate_revoked',
  'service_not_authorized',
  'authority_unavailable',
] as const satisfies readonly CertificateErrorCode[];
// A code added to CertificateErrorCode and not listed above fails the type check here.
const everyRefusalListed: Exclude<CertificateErrorCode, (typeof UPLOAD_REFUSALS)[number]> extends never ? true : never =
  true;
void everyRefusalListed;

const byRef = { tag: 'Registration', auth: 'none', params: RefParams, notFound: 'link_not_found' } as const;
/** Every link endpoint is rate-limited per ref and per client address (lib/gov-ar/registration/link-rate-limits.ts). */
const LIMITED = 'rate_limited' as const;

export const GOV_AR_ENDPOINTS: Endpoint[] = [
  {
    ...byRef,
    method: 'get',
    path: '/gov-ar/v1/registrations/{ref}',
    operationId: 'getRegistration',
    summary: 'Who a registration link is for, and where the supplier is',
    errors: ['link_used', LIMITED],
    responses: { 200: answer(RegistrationView, 'The registration') },
  },
  {
    ...byRef,
    method: 'post',
    path: '/gov-ar/v1/registrations/{ref}/csr',
    operationId: 'requestCsr',
    summary: 'Make the key pair on the server and answer its certificate request',
    description:
      'Made once per link (a repeat answers the same request). The key is sealed at once and never leaves the server; the supplier then uploads only the certificate.',
    errors: ['link_used', LIMITED],
    responses: { 200: answer(CertificateRequest, 'The alias and the request (PEM)') },
  },
  {
    ...byRef,
    method: 'put',
    path: '/gov-ar/v1/registrations/{ref}/progress',
    operationId: 'saveProgress',
    summary: "Save the wizard's step, company data and chosen path",
    description: 'What a call leaves out stays as it was, so a supplier resumes where they left off on any device.',
    body: jsonBody(ProgressBody),
    errors: ['link_used', LIMITED],
    responses: { 200: answer(SavedProgress, 'The progress as saved') },
  },
  {
    ...byRef,
    method: 'post',
    path: '/gov-ar/v1/registrations/{ref}/certificate',
    operationId: 'uploadCertificate',
    summary: 'Hand over the certificate (and key): validate, prove at the authority, register',
    description:
      'Checked in order; the first failure answers its own code with `messages` in Spanish and English. A failed upload stores nothing and leaves the link usable. 64 KiB per file.',
    body: multipartBody(CertificateUploadForm),
    errors: ['link_used', LIMITED, ...UPLOAD_REFUSALS],
    responses: { 200: answer(RegisteredCertificate, 'Registered, with the certificate stored') },
  },
  {
    ...byRef,
    method: 'get',
    path: '/gov-ar/v1/registrations/{ref}/points-of-sale',
    operationId: 'listPointsOfSale',
    summary: 'The points of sale the authority reports for the registered supplier',
    description:
      "Asked afresh (FEParamGetPtosVenta) with the certificate this link handed over, while it is the supplier's current one (a later registration's link takes over: this one answers `link_used`). At most 10 a minute per link.",
    errors: ['registration_incomplete', 'link_used', 'authority_unavailable', LIMITED],
    responses: { 200: answer(PointsOfSale, 'The points of sale') },
  },
  {
    method: 'get',
    path: '/gov-ar/v1/taxpayers/{cuit}',
    operationId: 'getTaxpayer',
    tag: 'Taxpayers',
    auth: 'caller',
    params: TaxpayerParams,
    summary: "A CUIT as the authority's register holds it (constancia de inscripción)",
    description:
      "Name, kind, whether the CUIT is active, the IVA condition the register implies (RG 5616 codes: choose the invoice letter and the customer's `ar-arca-vat-status` from it), domicilio fiscal, activities and start, from the register of the caller's environment (`getPersona_v2`, asked with the platform's own certificate). Answers are kept a day (a CUIT the register does not hold, an hour). A malformed CUIT or a wrong check digit is refused before the authority is asked.",
    errors: ['validation_failed', 'taxpayer_not_found', 'authority_unavailable'],
    responses: { 200: answer(Taxpayer, 'The register entry') },
  },
];
