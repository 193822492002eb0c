// Request schemas of gov-ar/v1.
import { z } from 'zod';

/** A link ref as we make them (lib/ids newRef); anything else cannot exist. */
export const REF_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export const RefParams = z.object({ ref: z.string().regex(REF_SHAPE) });

/** Per file, as the contract says; the whole body may hold a certificate, a key and a password. */
export const MAX_UPLOAD_FILE_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = 3 * MAX_UPLOAD_FILE_BYTES + 16 * 1024;
