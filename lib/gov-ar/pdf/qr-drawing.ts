// The QR drawn as vector squares in the PDF (not a bitmap): sharp at any zoom or printer, and cheaper
// than encoding and embedding a PNG. `qrcode` computes the symbol; level M, as printed vouchers use.
import QRCode from 'qrcode';

/** The quiet zone the QR standard asks around the symbol, in modules; the caller keeps it clear. */
export const QR_QUIET_MODULES = 4;

/** Draws the symbol for `text` with its top-left corner at (x, y), `size` points wide (quiet zone not included). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // One byte-mode segment: the URL is base64 after a lower-case prefix, which only byte mode holds, so
  // `qrcode`'s search for the cheapest mix of modes (a shortest-path search, half the symbol's time) picks
  // byte mode anyway; any text decodes the same from it.
  const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const module = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    // One rectangle per run of dark modules: far fewer path operators than one per module.
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + start * module, y + row * module, (col - start) * module, module);
        start = -1;
      }
    }
  }
  doc.fillColor('black').fill();
}
