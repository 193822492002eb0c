// `renderInvoicePdf`: the printed form of an invoice the authority accepted, as a PDF (A4, fonts embedded; in
// Spanish, or an export's own language), and the name it is saved under. Pure: no database, no network; the caller stores the bytes.
import PDFDocument from 'pdfkit';
import { EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import { invoiceFonts } from '@/lib/gov-ar/pdf/fonts';
import { formatVoucherNumber } from '@/lib/gov-ar/pdf/format';
import { InvoicePdfError, type InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import { voucherKind } from '@/lib/gov-ar/pdf/labels';
import { BOLD, InvoiceLayout, PAGE, REGULAR } from '@/lib/gov-ar/pdf/layout';
import { drawSandboxMark } from '@/lib/gov-ar/pdf/sandbox-mark';
import { voucherView } from '@/lib/gov-ar/pdf/voucher-view';

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const view = voucherView(input);
  const fonts = invoiceFonts();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    bufferPages: true,
    // No default font: pdfkit's would be Helvetica, read from its own files; ours are registered below.
    font: '',
    lang: view.words.lang,
    info: {
      Title: `${view.kind.title} ${view.kind.letter} ${view.number}`,
      Author: view.supplier.name,
      Subject: `${view.words.cae.split(' ')[0]} ${view.cae}`,
    },
  });
  // pdfkit takes an already parsed fontkit font (it checks for `layout`), which saves parsing per document.
  doc.registerFont(REGULAR, fonts.regular as unknown as Buffer);
  doc.registerFont(BOLD, fonts.bold as unknown as Buffer);

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new InvoiceLayout(doc, view);
  await layout.draw();
  layout.numberPages();
  if (input.environment === 'sandbox') drawSandboxMark(doc);
  doc.end();
  return finished;
}

/** `FACTURA-B-00001-00000042.pdf`, `NOTA-DE-CREDITO-A-00003-00000007.pdf`, `FACTURA-DE-EXPORTACION-E-...`. */
export function invoicePdfFileName(doc: {
  series?: string;
  code?: string;
  tax?: { ext?: Record<string, string> };
}): string {
  const docType = doc.tax?.ext?.[EXT_DOC_TYPE];
  const kind = docType ? voucherKind(docType) : undefined;
  if (!kind)
    throw new InvoicePdfError(
      'not_printable',
      `voucher type ${docType ?? '(none)'} is not an invoice or note of class A, B, C, M, E or T`,
    );
  if (!doc.series || !/^\d{1,5}$/.test(doc.series) || !doc.code || !/^\d{1,8}$/.test(doc.code)) {
    throw new InvoicePdfError('not_issued', 'the invoice has no point of sale and number yet');
  }
  return `${kind.fileTitle}-${kind.letter}-${formatVoucherNumber(doc.series, doc.code)}.pdf`;
}
