// Reading a multipart/form-data upload: the whole body is bounded while it is read, each part is
// bounded on its own (413 file_too_large), and a part may be a file or pasted text.
import { ApiError } from '@/lib/api/errors';
import { readBytes } from '@/lib/api/body';

export interface UploadedParts {
  /** Each named part's bytes: a file's content or a text field's UTF-8. */
  parts: Map<string, Buffer>;
}

export async function readMultipart(
  request: Request,
  options: { perPartLimit: number; totalLimit: number },
): Promise<UploadedParts> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'Send the files as multipart/form-data.', undefined, undefined, {
      messages: {
        es: 'Envíe los archivos como un formulario multipart/form-data.',
        en: 'Send the files as multipart/form-data.',
      },
    });
  }
  const bytes = await readBytes(request, options.totalLimit).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'payload_too_large') throw fileTooLarge(options.perPartLimit);
    throw error;
  });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('malformed_request', 'The multipart body could not be read.');
  }
  const parts = new Map<string, Buffer>();
  for (const [name, value] of form.entries()) {
    const content = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(await value.arrayBuffer());
    if (content.length > options.perPartLimit) throw fileTooLarge(options.perPartLimit, name);
    if (!parts.has(name)) parts.set(name, content);
  }
  return { parts };
}

// The supplier sees this one in the wizard, so it speaks both languages like the certificate errors.
const fileTooLarge = (limit: number, field?: string) => {
  const kib = limit / 1024;
  return new ApiError(
    'file_too_large',
    `Each file may be at most ${kib} KiB.`,
    field ? { [field]: `larger than ${kib} KiB` } : undefined,
    undefined,
    {
      messages: {
        es: `El archivo supera los ${kib} KiB. Un certificado o una clave ocupan pocos KB: suba el archivo .crt o .key, no otro documento.`,
        en: `The file is larger than ${kib} KiB. A certificate or a key takes a few KB: upload the .crt or .key file, not another document.`,
      },
    },
  );
};
