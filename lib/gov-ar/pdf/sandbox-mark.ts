// The mark on a sandbox invoice's PDF: vouchers the authority authorises in homologación carry no fiscal
// value, so every page says so, across its middle and beside its header, and the page cannot pass for a
// real invoice. In Spanish, the wizard's primary language and the one the whole PDF is printed in.
import type PDFDocument from 'pdfkit';
import { BOLD, PAGE } from '@/lib/gov-ar/pdf/layout';

export const SANDBOX_MARK = 'HOMOLOGACIÓN — SIN VALIDEZ FISCAL';
const SANDBOX_NOTE =
  'Comprobante de prueba autorizado en el ambiente de homologación de ARCA: no es una factura válida.';

/** Draws the mark on every buffered page (call it after the layout, before `end`). */
export function drawSandboxMark(doc: PDFKit.PDFDocument | InstanceType<typeof PDFDocument>): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // A band across the top margin, readable when printed in black and white.
    doc
      .save()
      .font(BOLD)
      .fontSize(9)
      .fillColor('#b91c1c')
      .text(`${SANDBOX_MARK}. ${SANDBOX_NOTE}`, PAGE.margin, 8, {
        width: PAGE.width - 2 * PAGE.margin,
        align: 'center',
        lineBreak: false,
      })
      .restore();
    // And across the middle of the page, faint, turned so it crosses the amounts.
    doc
      .save()
      .rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] })
      .font(BOLD)
      .fontSize(40)
      .fillColor('#dc2626')
      .fillOpacity(0.18)
      .text(SANDBOX_MARK, 0, PAGE.height / 2 - 20, { width: PAGE.width, align: 'center', lineBreak: false })
      .restore();
  }
}
