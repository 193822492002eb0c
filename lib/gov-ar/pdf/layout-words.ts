// The words the page itself prints around a voucher's data (its copy, its number, the lines' columns, the
// authorisation block, the page count): Spanish for every voucher, but an export
// invoice (E), which is printed in the language it names (export-labels.ts).

export interface LayoutWords {
  /** The language tag the PDF declares: `es-AR`, `en`, `pt-BR`. */
  lang: string;
  original: string;
  /** Before the voucher's number: `Nro.` */
  numberPrefix: string;
  issueDate: string;
  columns: {
    description: string;
    quantity: string;
    unit: string;
    price: string;
    discount: string;
    vat: string;
    subtotal: string;
    /** After the price and subtotal titles when prices include VAT (B): ` c/IVA`. */
    withVat: string;
  };
  tributes: { title: string; description: string; base: string; rate: string; amount: string };
  associated: string;
  authorised: string;
  cae: string;
  caeExpiry: string;
  /** `Página 1 de 2` */
  page: (page: number, pages: number) => string;
}

export const SPANISH_LAYOUT_WORDS: LayoutWords = {
  lang: 'es-AR',
  original: 'ORIGINAL',
  numberPrefix: 'Nro.',
  issueDate: 'Fecha de emisión',
  columns: {
    description: 'Producto / Servicio',
    quantity: 'Cantidad',
    unit: 'U. medida',
    price: 'Precio unit.',
    discount: 'Bonif.',
    vat: 'Alíc. IVA',
    subtotal: 'Subtotal',
    withVat: ' c/IVA',
  },
  tributes: {
    title: 'Otros tributos',
    description: 'Descripción',
    base: 'Base imponible',
    rate: 'Alícuota',
    amount: 'Importe',
  },
  associated: 'Comprobante asociado',
  authorised: 'Comprobante Autorizado',
  cae: 'CAE N°',
  caeExpiry: 'Fecha de vto. de CAE',
  page: (page, pages) => `Página ${page} de ${pages}`,
};

/** A voucher issued under a CAEA (contingency) names its code and expiry so. */
export const caeaWords = (words: LayoutWords): LayoutWords => ({
  ...words,
  cae: words.cae.replace(/\bCAE\b/, 'CAEA'),
  caeExpiry: words.caeExpiry.replace(/\bCAE\b/, 'CAEA'),
});
