// The voucher drawn on A4 pages with pdfkit, as Argentine printed electronic vouchers are laid out: ORIGINAL,
// the issuer and the voucher either side of the letter box, the receiver, the lines, then the tributes, the
// totals, RG 5614's block, the CAE and the QR. The header repeats on every page, and the lines' header on
// every page they run onto; what closes the voucher (totals, CAE, QR) is kept together on the last page.
// Its words are the view's (Spanish; an export voucher's own language), and an export's or a tourism
// voucher's operation (destination, incoterm...; the relation to the tourist) is a block under the receiver.
import type { InvoiceView } from '@/lib/gov-ar/pdf/invoice-view';
import type { LabelledValue } from '@/lib/gov-ar/pdf/labels';
import { drawQr, QR_QUIET_MODULES } from '@/lib/gov-ar/pdf/qr-drawing';
import { printable } from '@/lib/gov-ar/pdf/printable-text';

export const PAGE = { width: 595.28, height: 841.89, margin: 28 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const LEFT = PAGE.margin;
/** Below this the page number is written. */
const BOTTOM = PAGE.height - PAGE.margin - 18;
const TEXT = 8.5;
const GREY = '#e6e6e6';
const QR_SIZE = 96;
/** A line's description stops (with an ellipsis) at this height, and any other text at this length, so
 * that nothing, however long, can push the drawing past a page (pdfkit would then add pages of its own). */
const MAX_ROW_HEIGHT = 200;
const MAX_TEXT = 300;

const clip = (text: string) => printable(text, MAX_TEXT);

type Column = {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (row: InvoiceView['lines'][number]) => string;
};

/** The regular and bold fonts, as registered on the document. */
export const REGULAR = 'Regular';
export const BOLD = 'Bold';

export class InvoiceLayout {
  private y = PAGE.margin;
  private readonly columns: Column[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly view: InvoiceView,
  ) {
    this.columns = lineColumns(view);
  }

  /** Draws the whole voucher; awaits between pages so a long invoice does not hold the event loop. */
  async draw(): Promise<void> {
    this.header();
    this.receiver();
    this.tableHeader();
    for (const row of this.view.lines) {
      const height = this.rowHeight(row);
      if (this.y + height > BOTTOM) {
        await this.newPage();
        this.tableHeader();
      }
      this.tableRow(row, height);
    }
    const closing = this.closingHeight();
    if (this.y + closing > BOTTOM) await this.newPage();
    this.closing();
  }

  /** "Página N de M" at the foot of every page, once all pages exist. */
  numberPages(): void {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      this.doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor('black')
        .text(this.view.words.page(index - range.start + 1, range.count), LEFT, PAGE.height - PAGE.margin - 10, {
          width: WIDTH,
          align: 'right',
          lineBreak: false,
        });
    }
  }

  private async newPage() {
    this.doc.addPage();
    await new Promise((resolve) => setImmediate(resolve));
    this.y = PAGE.margin;
    this.header();
  }

  /** Bold label, regular value, wrapped within `width`; returns where the next line starts. */
  private labelled(item: LabelledValue, x: number, y: number, width: number, size = TEXT): number {
    this.doc.font(BOLD).fontSize(size).fillColor('black').text(`${item.label}: `, x, y, { width, continued: true });
    this.doc.font(REGULAR).text(clip(item.value) || '-');
    return this.doc.y + 1;
  }

  private header() {
    const { doc, view } = this;
    const top = this.y;
    doc.lineWidth(0.8).rect(LEFT, top, WIDTH, 18).stroke();
    doc
      .font(BOLD)
      .fontSize(11)
      .text(view.words.original, LEFT, top + 4, { width: WIDTH, align: 'center', lineBreak: false });

    const boxTop = top + 18;
    const half = WIDTH / 2;
    const letterSize = 42;
    const columnWidth = half - letterSize / 2 - 16;

    // The issuer, left of the letter.
    let left = boxTop + 8;
    doc
      .font(BOLD)
      .fontSize(13)
      .text(clip(view.supplier.name) || '-', LEFT + 8, left, { width: columnWidth });
    left = doc.y + 4;
    for (const item of view.supplier.details) left = this.labelled(item, LEFT + 8, left, columnWidth);

    // The voucher, right of the letter.
    const rightX = LEFT + half + letterSize / 2 + 10;
    const rightWidth = WIDTH - half - letterSize / 2 - 18;
    doc
      .font(BOLD)
      .fontSize(15)
      .text(view.kind.title, rightX, boxTop + 8, { width: rightWidth });
    doc
      .font(BOLD)
      .fontSize(11)
      .text(`${view.words.numberPrefix} ${view.number}`, rightX, doc.y + 2, { width: rightWidth });
    let right = doc.y + 4;
    right = this.labelled({ label: view.words.issueDate, value: view.issueDate }, rightX, right, rightWidth);
    for (const item of view.supplier.voucherDetails) right = this.labelled(item, rightX, right, rightWidth);

    const boxBottom = Math.max(left, right, boxTop + letterSize + 30) + 6;
    doc.rect(LEFT, boxTop, WIDTH, boxBottom - boxTop).stroke();

    // The letter in its box, on the dividing line, with the voucher type's code.
    const letterX = LEFT + half - letterSize / 2;
    doc.rect(letterX, boxTop, letterSize, letterSize).fillAndStroke('white', 'black');
    doc
      .fillColor('black')
      .font(BOLD)
      .fontSize(26)
      .text(view.kind.letter, letterX, boxTop + 4, { width: letterSize, align: 'center', lineBreak: false });
    doc
      .font(BOLD)
      .fontSize(7)
      .text(view.kind.code, letterX, boxTop + 32, { width: letterSize, align: 'center', lineBreak: false });
    doc
      .moveTo(LEFT + half, boxTop + letterSize)
      .lineTo(LEFT + half, boxBottom)
      .stroke();
    this.y = boxBottom;
  }

  /** The first page's service period, receiver, the operation's facts (E, T), associated vouchers and currency. */
  private receiver() {
    const { doc, view } = this;
    if (view.service) {
      const top = this.y;
      const third = WIDTH / 3;
      view.service.forEach((item, at) => this.labelled(item, LEFT + 6 + at * third, top + 4, third - 10));
      this.y = top + 17;
      doc.rect(LEFT, top, WIDTH, this.y - top).stroke();
    }
    const top = this.y;
    let y = this.twoColumns(view.customer, top + 5);
    if (view.operation?.length) {
      doc
        .lineWidth(0.3)
        .strokeColor('#999999')
        .moveTo(LEFT, y + 2)
        .lineTo(LEFT + WIDTH, y + 2)
        .stroke();
      doc.lineWidth(0.8).strokeColor('black');
      y = this.twoColumns(view.operation, y + 6);
    }
    for (const associated of view.associated)
      y = this.labelled({ label: view.words.associated, value: associated }, LEFT + 6, y, WIDTH - 12);
    if (view.currencyLine) {
      doc
        .font(REGULAR)
        .fontSize(TEXT)
        .text(clip(view.currencyLine), LEFT + 6, y, { width: WIDTH - 12 });
      y = doc.y + 1;
    }
    this.y = y + 4;
    doc.rect(LEFT, top, WIDTH, this.y - top).stroke();
    this.y += 6;
  }

  /** Labelled values in two columns, left then right, from `top`; returns where the taller column ends. */
  private twoColumns(items: LabelledValue[], top: number): number {
    const half = WIDTH / 2;
    let leftY = top;
    let rightY = top;
    items.forEach((item, at) => {
      if (at % 2 === 0) leftY = this.labelled(item, LEFT + 6, leftY, half - 12);
      else rightY = this.labelled(item, LEFT + half + 6, rightY, half - 12);
    });
    return Math.max(leftY, rightY);
  }

  private tableHeader() {
    const { doc } = this;
    const height = 16;
    doc.rect(LEFT, this.y, WIDTH, height).fillAndStroke(GREY, 'black');
    let x = LEFT;
    for (const column of this.columns) {
      doc
        .fillColor('black')
        .font(BOLD)
        .fontSize(7.5)
        .text(column.title, x + 3, this.y + 5, { width: column.width - 6, align: column.align, lineBreak: false });
      x += column.width;
    }
    this.y += height + 2;
  }

  private rowHeight(row: InvoiceView['lines'][number]): number {
    const description = this.columns[0]!;
    this.doc.font(REGULAR).fontSize(TEXT);
    const height = this.doc.heightOfString(description.cell(row) || ' ', { width: description.width - 6 });
    return Math.min(Math.max(height, 10), MAX_ROW_HEIGHT) + 4;
  }

  private tableRow(row: InvoiceView['lines'][number], height: number) {
    const { doc } = this;
    let x = LEFT;
    for (const [at, column] of this.columns.entries()) {
      doc
        .fillColor('black')
        .font(REGULAR)
        .fontSize(TEXT)
        .text(column.cell(row), x + 3, this.y + 2, {
          width: column.width - 6,
          align: column.align,
          lineBreak: at === 0,
          height: height - 2,
          ellipsis: true,
        });
      x += column.width;
    }
    this.y += height;
    doc
      .lineWidth(0.3)
      .strokeColor('#999999')
      .moveTo(LEFT, this.y)
      .lineTo(LEFT + WIDTH, this.y)
      .stroke();
    doc.lineWidth(0.8).strokeColor('black');
  }

  private closingHeight(): number {
    const { view } = this;
    const tributes = view.tributes.length > 0 ? 30 + 12 * view.tributes.length : 0;
    const totals = 12 * view.totals.length + 10;
    const aside = (view.transparency ? 16 + 12 * view.transparency.rows.length : 0) + 12 * view.legends.length;
    return 8 + tributes + Math.max(totals, aside) + 16 + QR_SIZE + 16;
  }

  private closing() {
    const { doc, view } = this;
    this.y += 8;
    if (view.tributes.length > 0) this.tributes();

    // Totals on the right; RG 5614's block and the class's legends on the left.
    const totalsWidth = 250;
    const totalsX = LEFT + WIDTH - totalsWidth;
    const top = this.y;
    let y = top + 5;
    view.totals.forEach((item, at) => {
      const last = at === view.totals.length - 1;
      doc
        .font(BOLD)
        .fontSize(last ? 10 : TEXT)
        .text(`${item.label}:`, totalsX + 4, y, { width: 140, align: 'right', lineBreak: false });
      doc
        .font(last ? BOLD : REGULAR)
        .text(item.value, totalsX + 148, y, { width: totalsWidth - 152, align: 'right', lineBreak: false });
      y += last ? 14 : 12;
    });
    doc.rect(totalsX, top, totalsWidth, y - top).stroke();
    const totalsBottom = y;

    let asideY = top;
    const asideWidth = WIDTH - totalsWidth - 12;
    if (view.transparency) {
      doc
        .font(BOLD)
        .fontSize(TEXT)
        .text(view.transparency.legend, LEFT + 5, asideY + 5, { width: asideWidth - 10 });
      asideY = doc.y + 2;
      for (const row of view.transparency.rows) asideY = this.labelled(row, LEFT + 5, asideY, asideWidth - 10);
      doc.rect(LEFT, top, asideWidth, asideY + 3 - top).stroke();
      asideY += 9;
    }
    for (const legend of view.legends) {
      doc
        .font(BOLD)
        .fontSize(9)
        .text(legend, LEFT, asideY + 2, { width: asideWidth });
      asideY = doc.y + 2;
    }
    this.y = Math.max(totalsBottom, asideY) + 16;
    this.authorisation();
  }

  private tributes() {
    const { doc, view } = this;
    const words = view.words.tributes;
    doc.font(BOLD).fontSize(9).text(words.title, LEFT, this.y, { width: WIDTH });
    this.y = doc.y + 2;
    const widths = [WIDTH - 300, 100, 80, 120];
    const cells = (values: string[], font: string) => {
      let x = LEFT;
      values.forEach((value, at) => {
        doc
          .font(font)
          .fontSize(TEXT)
          .text(value, x + 3, this.y + 2, {
            width: widths[at]! - 6,
            align: at === 0 ? 'left' : 'right',
            lineBreak: false,
          });
        x += widths[at]!;
      });
      this.y += 12;
    };
    doc.rect(LEFT, this.y, WIDTH, 12).fillAndStroke(GREY, 'black');
    doc.fillColor('black');
    cells([words.description, words.base, words.rate, words.amount], BOLD);
    for (const tribute of view.tributes)
      cells([tribute.description, tribute.base, tribute.rate, tribute.amount], REGULAR);
    this.y += 8;
  }

  /** The QR (the `arca-qr` stamp, exactly), "Comprobante Autorizado", the CAE and its expiry. */
  private authorisation() {
    const { doc, view } = this;
    const quiet = (QR_SIZE / 60) * QR_QUIET_MODULES;
    const qrX = LEFT + quiet;
    drawQr(doc, view.qrUrl, qrX, this.y, QR_SIZE);
    const textX = qrX + QR_SIZE + quiet + 6;
    doc
      .font(BOLD)
      .fontSize(12)
      .text(view.words.authorised, textX, this.y + 8, { width: 200 });

    const caeX = LEFT + WIDTH - 230;
    let y = this.y + 8;
    y = this.labelled({ label: view.words.cae, value: view.cae }, caeX, y, 230, 10);
    this.labelled({ label: view.words.caeExpiry, value: view.caeExpiry }, caeX, y + 2, 230, 10);
    this.y += QR_SIZE + quiet;
  }
}

/** The lines' columns: the description takes what the figures leave; IVA per line only in A and M. */
function lineColumns(view: InvoiceView): Column[] {
  const words = view.words.columns;
  const withVat = view.pricesWithVat ? words.withVat : '';
  const figures: Column[] = [
    { title: words.quantity, width: 50, align: 'right', cell: (row) => row.quantity },
    { title: words.unit, width: 52, align: 'left', cell: (row) => row.unit },
    { title: `${words.price}${withVat}`, width: 78, align: 'right', cell: (row) => row.price },
    { title: words.discount, width: 56, align: 'right', cell: (row) => row.discount },
    ...(view.discriminatesVat
      ? [
          {
            title: words.vat,
            width: 48,
            align: 'right' as const,
            cell: (row: InvoiceView['lines'][number]) => row.vat,
          },
        ]
      : []),
    { title: `${words.subtotal}${withVat}`, width: 92, align: 'right', cell: (row) => row.total },
  ];
  const used = figures.reduce((sum, column) => sum + column.width, 0);
  return [
    { title: words.description, width: WIDTH - used, align: 'left', cell: (row) => printable(row.description) },
    ...figures,
  ];
}
