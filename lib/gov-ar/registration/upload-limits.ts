// How large an upload may be. Per file, as the contract says; the whole body may hold a certificate,
// a key and a password. No zod here: the wizard checks the limit in the browser before sending.
export const MAX_UPLOAD_FILE_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = 3 * MAX_UPLOAD_FILE_BYTES + 16 * 1024;
