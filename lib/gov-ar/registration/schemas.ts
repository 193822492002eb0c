// Request schemas of gov-ar/v1.
import { z } from 'zod';

/** A link ref as we make them (lib/ids newRef); anything else cannot exist. */
export const REF_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export const RefParams = z.object({ ref: z.string().regex(REF_SHAPE) });

export { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_FILE_BYTES } from '@/lib/gov-ar/registration/upload-limits';

/**
 * The upload's multipart form (POST .../certificate), as documented: the route reads these parts by
 * name and validateCertificateBundle judges them, each failure with its own code (certificate_missing...).
 */
export const CertificateUploadForm = z.object({
  certificate: z
    .string()
    .describe('The certificate: the .crt/.pem/.der file from the portal, or its PEM text; at most 64 KiB'),
  key: z
    .string()
    .optional()
    .describe('The private key, file or PEM text (PKCS#1, PKCS#8, encrypted); leave it out after POST .../csr'),
  password: z.string().optional().describe("The key's password, when it is encrypted"),
});
