// The authority's parameter tables as WSFEv1's FEParamGet* operations answer them: Id, Desc, FchDesde and
// FchHasta ("NULL" when open), in the order the homologation service returned them in July 2021 (recorded
// in PyAfipWs's test cassettes, tests/cassettes/test_wsfev1), and the IVA receiver conditions of RG 5616
// with the voucher classes each may receive (manual for developers COMPG v4.7, annex).

export interface CatalogRow {
  id: string;
  desc: string;
  from: string;
  until?: string;
}

const rows = (from: string, entries: [string | number, string][]): CatalogRow[] =>
  entries.map(([id, desc]) => ({ id: String(id), desc, from }));

export const VOUCHER_TYPES: CatalogRow[] = [
  ...rows('20100917', [
    [1, 'Factura A'],
    [2, 'Nota de Débito A'],
    [3, 'Nota de Crédito A'],
    [6, 'Factura B'],
    [7, 'Nota de Débito B'],
    [8, 'Nota de Crédito B'],
    [4, 'Recibos A'],
    [5, 'Notas de Venta al contado A'],
    [9, 'Recibos B'],
    [10, 'Notas de Venta al contado B'],
    [63, 'Liquidacion A'],
    [64, 'Liquidacion B'],
    [34, 'Cbtes. A del Anexo I, Apartado A,inc.f),R.G.Nro. 1415'],
    [35, 'Cbtes. B del Anexo I,Apartado A,inc. f),R.G. Nro. 1415'],
    [39, 'Otros comprobantes A que cumplan con R.G.Nro. 1415'],
    [40, 'Otros comprobantes B que cumplan con R.G.Nro. 1415'],
    [60, 'Cta de Vta y Liquido prod. A'],
    [61, 'Cta de Vta y Liquido prod. B'],
  ]),
  ...rows('20110330', [
    [11, 'Factura C'],
    [12, 'Nota de Débito C'],
    [13, 'Nota de Crédito C'],
    [15, 'Recibo C'],
  ]),
  ...rows('20130401', [[49, 'Comprobante de Compra de Bienes Usados a Consumidor Final']]),
  ...rows('20150522', [
    [51, 'Factura M'],
    [52, 'Nota de Débito M'],
    [53, 'Nota de Crédito M'],
    [54, 'Recibo M'],
  ]),
  ...rows('20181226', [
    [201, 'Factura de Crédito electrónica MiPyMEs (FCE) A'],
    [202, 'Nota de Débito electrónica MiPyMEs (FCE) A'],
    [203, 'Nota de Crédito electrónica MiPyMEs (FCE) A'],
    [206, 'Factura de Crédito electrónica MiPyMEs (FCE) B'],
    [207, 'Nota de Débito electrónica MiPyMEs (FCE) B'],
    [208, 'Nota de Crédito electrónica MiPyMEs (FCE) B'],
    [211, 'Factura de Crédito electrónica MiPyMEs (FCE) C'],
    [212, 'Nota de Débito electrónica MiPyMEs (FCE) C'],
    [213, 'Nota de Crédito electrónica MiPyMEs (FCE) C'],
  ]),
];

export const CONCEPTS: CatalogRow[] = rows('20100917', [
  [1, 'Producto'],
  [2, 'Servicios'],
  [3, 'Productos y Servicios'],
]);

export const DOCUMENT_TYPES: CatalogRow[] = [
  ...rows('20080725', [
    [80, 'CUIT'],
    [86, 'CUIL'],
    [87, 'CDI'],
    [89, 'LE'],
    [90, 'LC'],
    [91, 'CI Extranjera'],
    [92, 'en trámite'],
    [93, 'Acta Nacimiento'],
    [95, 'CI Bs. As. RNP'],
    [96, 'DNI'],
    [94, 'Pasaporte'],
    [0, 'CI Policía Federal'],
    [1, 'CI Buenos Aires'],
    [2, 'CI Catamarca'],
    [3, 'CI Córdoba'],
  ]),
  ...rows('20080728', [
    [4, 'CI Corrientes'],
    [5, 'CI Entre Ríos'],
    [6, 'CI Jujuy'],
    [7, 'CI Mendoza'],
    [8, 'CI La Rioja'],
    [9, 'CI Salta'],
    [10, 'CI San Juan'],
    [11, 'CI San Luis'],
    [12, 'CI Santa Fe'],
    [13, 'CI Santiago del Estero'],
    [14, 'CI Tucumán'],
    [16, 'CI Chaco'],
    [17, 'CI Chubut'],
    [18, 'CI Formosa'],
    [19, 'CI Misiones'],
    [20, 'CI Neuquén'],
    [21, 'CI La Pampa'],
    [22, 'CI Río Negro'],
    [23, 'CI Santa Cruz'],
    [24, 'CI Tierra del Fuego'],
    [99, 'Doc. (Otro)'],
  ]),
];

/** IVA rates: Id → the rate in thousandths (for 10051), and the table's row. */
export const VAT_RATES: (CatalogRow & { perMille: bigint })[] = [
  { id: '3', desc: '0%', from: '20090220', perMille: 0n },
  { id: '4', desc: '10.5%', from: '20090220', perMille: 105n },
  { id: '5', desc: '21%', from: '20090220', perMille: 210n },
  { id: '6', desc: '27%', from: '20090220', perMille: 270n },
  { id: '8', desc: '5%', from: '20141020', perMille: 50n },
  { id: '9', desc: '2.5%', from: '20141020', perMille: 25n },
];

export const CURRENCIES: CatalogRow[] = [
  ...rows('20090403', [
    [`PES`, 'Pesos Argentinos'],
    ['DOL', 'Dólar Estadounidense'],
  ]),
  ...rows('20090416', [['002', 'Dólar Libre EEUU']]),
  ...rows('20090403', [
    ['007', 'Florines Holandeses'],
    ['010', 'Pesos Mejicanos'],
    ['011', 'Pesos Uruguayos'],
    ['014', 'Coronas Danesas'],
    ['015', 'Coronas Noruegas'],
    ['016', 'Coronas Suecas'],
    ['018', 'Dólar Canadiense'],
    ['019', 'Yens'],
    ['021', 'Libra Esterlina'],
    ['023', 'Bolívar Venezolano'],
    ['024', 'Corona Checa'],
    ['025', 'Dinar Yugoslavo'],
    ['026', 'Dólar Australiano'],
    ['027', 'Dracma Griego'],
    ['028', 'Florín (Antillas Holandesas)'],
    ['029', 'Güaraní'],
    ['031', 'Peso Boliviano'],
    ['032', 'Peso Colombiano'],
    ['033', 'Peso Chileno'],
    ['034', 'Rand Sudafricano'],
    ['036', 'Sucre Ecuatoriano'],
    ['051', 'Dólar de Hong Kong'],
    ['052', 'Dólar de Singapur'],
    ['053', 'Dólar de Jamaica'],
    ['054', 'Dólar de Taiwan'],
    ['055', 'Quetzal Guatemalteco'],
    ['056', 'Forint (Hungría)'],
    ['057', 'Baht (Tailandia)'],
    ['059', 'Dinar Kuwaiti'],
    ['012', 'Real'],
    ['030', 'Shekel (Israel)'],
    ['035', 'Nuevo Sol Peruano'],
    ['060', 'Euro'],
  ]),
  ...rows('20090415', [
    ['040', 'Lei Rumano'],
    ['042', 'Peso Dominicano'],
    ['043', 'Balboas Panameñas'],
    ['044', 'Córdoba Nicaragüense'],
    ['045', 'Dirham Marroquí'],
    ['046', 'Libra Egipcia'],
    ['047', 'Riyal Saudita'],
    ['061', 'Zloty Polaco'],
    ['062', 'Rupia Hindú'],
    ['063', 'Lempira Hondureña'],
    ['064', 'Yuan (Rep. Pop. China)'],
  ]),
  ...rows('20091110', [['009', 'Franco Suizo']]),
  ...rows('20100125', [
    ['041', 'Derechos Especiales de Giro'],
    ['049', 'Gramos de Oro Fino'],
  ]),
];

/**
 * The emulator's reference exchange rates (FEParamGetCotizacion, and the band of 10119): fixed values of
 * our own, in millionths of a peso, not the customs database's quotes. Other currencies have none (602).
 */
export const REFERENCE_RATES: Record<string, bigint> = {
  PES: 1_000_000n,
  DOL: 1_000_000_000n,
  '002': 1_000_000_000n,
  '060': 1_100_000_000n,
  '012': 180_000_000n,
  '021': 1_300_000_000n,
};

export const TRIBUTES: CatalogRow[] = [
  ...rows('20100917', [
    [1, 'Impuestos nacionales'],
    [2, 'Impuestos provinciales'],
    [3, 'Impuestos municipales'],
    [4, 'Impuestos Internos'],
    [99, 'Otro'],
  ]),
  ...rows('20170719', [
    [5, 'IIBB'],
    [6, 'Percepción de IVA'],
    [7, 'Percepción de IIBB'],
    [8, 'Percepciones por Impuestos Municipales'],
    [9, 'Otras Percepciones'],
    [13, 'Percepción de IVA a no Categorizado'],
  ]),
];

export const OPTIONALS: CatalogRow[] = [
  ...rows('20100917', [
    [2, 'RG Empresas Promovidas - Indentificador de proyecto vinculado a Régimen de Promoción Industrial'],
  ]),
  ...rows('20130401', [
    [91, 'RG Bienes Usados 3411 - Nombre y Apellido o Denominación del vendedor del bien usado.'],
    [92, 'RG Bienes Usados 3411 - Nacionalidad del vendedor del bien usado.'],
    [93, 'RG Bienes Usados 3411 - Domicilio del vendedor del bien usado.'],
  ]),
  ...rows('20141016', [
    [5, 'Excepcion computo IVA Credito Fiscal'],
    [61, 'RG 3668 Impuesto al Valor Agregado - Art.12 IVA Firmante Doc Tipo'],
    [62, 'RG 3668 Impuesto al Valor Agregado - Art.12 IVA Firmante Doc Nro'],
    [7, 'RG 3668 Impuesto al Valor Agregado - Art.12 IVA Carácter del Firmante'],
  ]),
  ...rows('20150605', [
    [10, 'RG 3.368 Establecimientos de educación pública de gestión privada - Actividad Comprendida'],
    [1011, 'RG 3.368 Establecimientos de educación pública de gestión privada - Tipo de Documento'],
    [1012, 'RG 3.368 Establecimientos de educación pública de gestión privada - Número de Documento'],
    [11, 'RG 2.820 Operaciones económicas vinculadas con bienes inmuebles - Actividad Comprendida'],
    [12, 'RG 3.687 Locación temporaria de inmuebles con fines turísticos - Actividad Comprendida'],
  ]),
  ...rows('20160101', [
    [13, 'RG 2.863 Representantes de Modelos'],
    [14, 'RG 2.863 Agencias de publicidad'],
    [15, 'RG 2.863 Personas físicas que desarrollen actividad de modelaje'],
  ]),
  ...rows('20170309', [
    [
      17,
      "RG 4004-E Locación de inmuebles destino 'casa-habitación'. Dato 2 (dos) = facturación directa / Dato 1 (uno) = facturación a través de intermediario",
    ],
    [
      1801,
      "RG 4004-E Locación de inmuebles destino 'casa-habitación'. Clave Única de Identificación Tributaria (CUIT).",
    ],
    [
      1802,
      "RG 4004-E Locación de inmuebles destino 'casa-habitación'. Apellido y nombres, denominación y/o razón social.",
    ],
  ]),
  ...rows('20181226', [
    [2101, 'Factura de Crédito Electrónica MiPyMEs (FCE) - CBU del Emisor'],
    [2102, 'Factura de Crédito Electrónica MiPyMEs (FCE) - Alias del Emisor'],
    [22, 'Factura de Crédito Electrónica MiPyMEs (FCE) - Anulación'],
  ]),
  ...rows('20190308', [[23, 'Factura de Crédito Electrónica MiPyMEs (FCE) - Referencia Comercial']]),
  ...rows('20201126', [[27, 'Factura de Credito Electronica MiPyMEs (FCE) - Transferencia']]),
];

export type VoucherClass = 'A' | 'B' | 'C' | 'M';

/** RG 5616's receiver conditions: Id, description, and the classes the annex lets each receive. */
export const RECEIVER_CONDITIONS: { id: number; desc: string; classes: VoucherClass[] }[] = [
  { id: 1, desc: 'IVA Responsable Inscripto', classes: ['A', 'M', 'C'] },
  { id: 6, desc: 'Responsable Monotributo', classes: ['A', 'M', 'C'] },
  { id: 13, desc: 'Monotributista Social', classes: ['A', 'M', 'C'] },
  { id: 16, desc: 'Monotributo Trabajador Independiente Promovido', classes: ['A', 'M', 'C'] },
  { id: 4, desc: 'IVA Sujeto Exento', classes: ['B', 'C'] },
  { id: 5, desc: 'Consumidor Final', classes: ['B', 'C'] },
  { id: 7, desc: 'Sujeto No Categorizado', classes: ['B', 'C'] },
  { id: 8, desc: 'Proveedor del Exterior', classes: ['B', 'C'] },
  { id: 9, desc: 'Cliente del Exterior', classes: ['B', 'C'] },
  { id: 10, desc: 'IVA Liberado – Ley N° 19.640', classes: ['B', 'C'] },
  { id: 15, desc: 'IVA No Alcanzado', classes: ['B', 'C'] },
];

/**
 * The voucher types the emulator authorises, by class (10007's lists; the "M" types 51–54 are now "A
 * con leyenda"). Used goods (49) and MiPyME credit invoices (201–213) are in the table above but not
 * emulated: their own rules (opcionales, padrón, current accounts) are not, so they are refused (10007).
 */
const VOUCHER_CLASSES: Record<VoucherClass, number[]> = {
  A: [1, 2, 3, 4, 5, 34, 39, 60, 63],
  B: [6, 7, 8, 9, 10, 35, 40, 61, 64],
  C: [11, 12, 13, 15],
  M: [51, 52, 53, 54],
};

export function voucherClass(voucherType: number): VoucherClass | undefined {
  return (Object.keys(VOUCHER_CLASSES) as VoucherClass[]).find((name) => VOUCHER_CLASSES[name].includes(voucherType));
}

/** Debit and credit notes: they adjust earlier vouchers (CbtesAsoc or PeriodoAsoc). */
export const NOTE_TYPES = [2, 3, 7, 8, 12, 13, 52, 53];

/** Which voucher types a note may associate (10040). */
export const ASSOCIABLE: Record<number, number[]> = {
  1: [88, 991],
  6: [88, 991],
  51: [88, 991],
  2: [1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991],
  3: [1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991],
  7: [6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991],
  8: [6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991],
  12: [11, 12, 13, 15],
  13: [11, 12, 13, 15],
  52: [51, 52, 53, 54, 88, 991],
  53: [51, 52, 53, 54, 88, 991],
};
