import { withApi } from '@/lib/http/with-api';
import { getInvoicePdf } from '@/lib/gov-ar/invoices/invoice-pdf';
import { EntryIdParams } from '@/lib/silo/schemas';

export const GET = withApi({
  auth: 'caller',
  params: EntryIdParams,
  notFound: 'entry_not_found',
  handler: async ({ caller, params }) => {
    const { fileName, pdf } = await getInvoicePdf(caller, params.id);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName}"`,
        'content-length': String(pdf.length),
        'cache-control': 'private, no-store',
      },
    });
  },
});
