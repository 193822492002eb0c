// Every word an export voucher (E, WSFEX, RG 2758) prints, in each language it may name (`ar-fex-language`,
// WSFEX's Idioma_cbte: 1 Spanish, 2 English, 3 Portuguese): one table, so a language is whole or absent.
// The authority's own proper names (its VAT conditions, its country table) stay as the authority writes them.
import { SPANISH_LAYOUT_WORDS, type LayoutWords } from '@/lib/gov-ar/pdf/layout-words';

export type ExportLanguage = '1' | '2' | '3';

export interface ExportLabels {
  layout: LayoutWords;
  /** The voucher's name by CbteTipo, as its heading. */
  titles: Record<'19' | '20' | '21', string>;
  /** `1.234,56` (Spanish, Portuguese) or `1,234.56` (English). */
  decimalPoint: boolean;
  /** Between an associated voucher's number and its date: `del`, `of`. */
  dated: string;
  supplier: {
    legalName: string;
    commercialAddress: string;
    vatCondition: string;
    grossIncome: string;
    activityStart: string;
  };
  customer: { name: string; address: string; country: string; taxId: string; countryCuit: string };
  operation: {
    destination: string;
    exportType: string;
    incoterm: string;
    permit: string;
    paymentForm: string;
    paymentDate: string;
    currency: string;
    exchangeRate: string;
  };
  /** Tipo_expo's values. */
  exportTypes: Record<'1' | '2' | '4', string>;
  total: string;
}

export const EXPORT_LABELS: Record<ExportLanguage, ExportLabels> = {
  1: {
    layout: SPANISH_LAYOUT_WORDS,
    titles: {
      19: 'FACTURA DE EXPORTACIÓN',
      20: 'NOTA DE DÉBITO POR OPERACIONES CON EL EXTERIOR',
      21: 'NOTA DE CRÉDITO POR OPERACIONES CON EL EXTERIOR',
    },
    decimalPoint: false,
    dated: 'del',
    supplier: {
      legalName: 'Razón social',
      commercialAddress: 'Domicilio comercial',
      vatCondition: 'Condición frente al IVA',
      grossIncome: 'Ingresos Brutos',
      activityStart: 'Fecha de inicio de actividades',
    },
    customer: {
      name: 'Cliente',
      address: 'Domicilio',
      country: 'País',
      taxId: 'Id. impositivo',
      countryCuit: 'CUIT país',
    },
    operation: {
      destination: 'País de destino',
      exportType: 'Tipo de exportación',
      incoterm: 'Incoterms',
      permit: 'Permiso de embarque',
      paymentForm: 'Forma de pago',
      paymentDate: 'Fecha de pago',
      currency: 'Moneda',
      exchangeRate: 'Tipo de cambio',
    },
    exportTypes: { 1: 'Exportación definitiva de bienes', 2: 'Servicios', 4: 'Otros' },
    total: 'Importe total',
  },
  2: {
    layout: {
      lang: 'en',
      original: 'ORIGINAL',
      numberPrefix: 'No.',
      issueDate: 'Issue date',
      columns: {
        description: 'Product / Service',
        quantity: 'Quantity',
        unit: 'Unit',
        price: 'Unit price',
        discount: 'Discount',
        vat: 'VAT rate',
        subtotal: 'Subtotal',
        withVat: ' incl. VAT',
      },
      tributes: {
        title: 'Other taxes',
        description: 'Description',
        base: 'Taxable base',
        rate: 'Rate',
        amount: 'Amount',
      },
      associated: 'Related voucher',
      authorised: 'Authorised voucher',
      cae: 'CAE No.',
      caeExpiry: 'CAE due date',
      page: (page, pages) => `Page ${page} of ${pages}`,
    },
    titles: {
      19: 'EXPORT INVOICE',
      20: 'DEBIT NOTE (FOREIGN TRADE)',
      21: 'CREDIT NOTE (FOREIGN TRADE)',
    },
    decimalPoint: true,
    dated: 'of',
    supplier: {
      legalName: 'Legal name',
      commercialAddress: 'Business address',
      vatCondition: 'VAT status',
      grossIncome: 'Gross income tax No.',
      activityStart: 'Start of activities',
    },
    customer: {
      name: 'Customer',
      address: 'Address',
      country: 'Country',
      taxId: 'Tax ID',
      countryCuit: 'Country CUIT',
    },
    operation: {
      destination: 'Destination country',
      exportType: 'Export type',
      incoterm: 'Incoterms',
      permit: 'Shipping permit',
      paymentForm: 'Payment terms',
      paymentDate: 'Payment date',
      currency: 'Currency',
      exchangeRate: 'Exchange rate',
    },
    exportTypes: { 1: 'Definitive export of goods', 2: 'Services', 4: 'Other' },
    total: 'Total amount',
  },
  3: {
    layout: {
      lang: 'pt-BR',
      original: 'ORIGINAL',
      numberPrefix: 'Nº',
      issueDate: 'Data de emissão',
      columns: {
        description: 'Produto / Serviço',
        quantity: 'Quantidade',
        unit: 'Unidade',
        price: 'Preço unit.',
        discount: 'Desconto',
        vat: 'Alíq. IVA',
        subtotal: 'Subtotal',
        withVat: ' c/IVA',
      },
      tributes: {
        title: 'Outros tributos',
        description: 'Descrição',
        base: 'Base de cálculo',
        rate: 'Alíquota',
        amount: 'Valor',
      },
      associated: 'Comprovante associado',
      authorised: 'Comprovante autorizado',
      cae: 'CAE Nº',
      caeExpiry: 'Vencimento do CAE',
      page: (page, pages) => `Página ${page} de ${pages}`,
    },
    titles: {
      19: 'FATURA DE EXPORTAÇÃO',
      20: 'NOTA DE DÉBITO POR OPERAÇÕES COM O EXTERIOR',
      21: 'NOTA DE CRÉDITO POR OPERAÇÕES COM O EXTERIOR',
    },
    decimalPoint: false,
    dated: 'de',
    supplier: {
      legalName: 'Razão social',
      commercialAddress: 'Endereço comercial',
      vatCondition: 'Situação perante o IVA',
      grossIncome: 'Ingresos Brutos',
      activityStart: 'Início de atividades',
    },
    customer: {
      name: 'Cliente',
      address: 'Endereço',
      country: 'País',
      taxId: 'Id. fiscal',
      countryCuit: 'CUIT do país',
    },
    operation: {
      destination: 'País de destino',
      exportType: 'Tipo de exportação',
      incoterm: 'Incoterms',
      permit: 'Permissão de embarque',
      paymentForm: 'Forma de pagamento',
      paymentDate: 'Data de pagamento',
      currency: 'Moeda',
      exchangeRate: 'Taxa de câmbio',
    },
    exportTypes: { 1: 'Exportação definitiva de bens', 2: 'Serviços', 4: 'Outros' },
    total: 'Valor total',
  },
};

/**
 * WSFEX's units of measure (Pro_umed, the authority's table in lib/ar/arca/wsfex-tables.ts) as each language
 * prints them in the lines' unit column: Spanish, English, Portuguese, short enough for it.
 */
export const EXPORT_UNIT_NAMES: Record<string, [string, string, string]> = {
  0: ['', '', ''],
  1: ['kg', 'kg', 'kg'],
  2: ['m', 'm', 'm'],
  3: ['m²', 'm²', 'm²'],
  4: ['m³', 'm³', 'm³'],
  5: ['l', 'l', 'l'],
  6: ['1000 kWh', '1000 kWh', '1000 kWh'],
  7: ['unidades', 'units', 'unidades'],
  8: ['pares', 'pairs', 'pares'],
  9: ['docenas', 'dozens', 'dúzias'],
  10: ['quilates', 'carats', 'quilates'],
  11: ['millares', 'thousands', 'milheiros'],
  14: ['g', 'g', 'g'],
  15: ['mm', 'mm', 'mm'],
  16: ['mm³', 'mm³', 'mm³'],
  17: ['km', 'km', 'km'],
  18: ['hl', 'hl', 'hl'],
  20: ['cm', 'cm', 'cm'],
  27: ['cm³', 'cm³', 'cm³'],
  29: ['t', 't', 't'],
  41: ['mg', 'mg', 'mg'],
  47: ['ml', 'ml', 'ml'],
  62: ['packs', 'packs', 'pacotes'],
  97: ['anticipo', 'advance', 'adiantam.'],
  98: ['otras', 'other', 'outras'],
  99: ['bonif.', 'discount', 'desconto'],
};

export const exportUnitName = (code: number, language: ExportLanguage) =>
  EXPORT_UNIT_NAMES[code]?.[Number(language) - 1] ?? String(code);
