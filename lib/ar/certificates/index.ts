// Local validation of a supplier's certificate bundle (certificate, private key, password): everything
// judged before the authority is asked. Client code that only needs the messages imports './errors'.
export {
  CertificateError,
  CERTIFICATE_ERROR_MESSAGES,
  type CertificateErrorCode,
} from '@/lib/ar/certificates/errors';
export {
  validateCertificateBundle,
  type CertificateBundleInput,
  type ValidatedBundle,
  type ValidationOptions,
} from '@/lib/ar/certificates/validate';
