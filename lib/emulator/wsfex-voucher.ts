// An FEXAuthorize `Cmp` as the emulated WSFEX reads it: integers that must parse (else the request is
// unreadable, a soap:Client fault, as ASMX answers), amounts as exact fixed-point bigints, lists as lists.
import { isRecord } from '@/lib/emulator/soap';
import { readDouble, readInteger, readString, type Fixed } from '@/lib/emulator/wsfe-values';

export interface ExportItem {
  description: string;
  quantity: Fixed;
  unit: number;
  price: Fixed;
  discount: Fixed;
  total: Fixed;
}

export interface ExportVoucher {
  id: number;
  date?: string;
  voucherType: number;
  pointOfSale: number;
  number: number;
  exportType: number;
  permitExisting: string;
  permits?: { id: string; destination: number }[];
  destination: number;
  customer: string;
  countryCuit: number;
  address: string;
  taxId: string;
  currency: string;
  rate?: Fixed;
  sameCurrency?: string;
  commercialNotes: string;
  total: Fixed;
  notes: string;
  associated?: { type: number; pointOfSale: number; number: number; cuit: number }[];
  paymentForm: string;
  incoterm: string;
  incotermText?: string;
  language: number;
  items?: ExportItem[];
  paymentDate?: string;
}

/** Children of a list element (`<Items><Item/>...</Items>`), or undefined when the list was not sent. */
function listOf(value: unknown, item: string): Record<string, unknown>[] | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return [];
  const entries = value[item];
  const list = Array.isArray(entries) ? entries : entries === undefined ? [] : [entries];
  return list.filter(isRecord);
}

const text = (value: unknown) => readString(value)?.trim() ?? '';

export function readExportVoucher(payload: Record<string, unknown>): ExportVoucher {
  const cmp = isRecord(payload.Cmp) ? payload.Cmp : {};
  const rate = cmp.Moneda_ctz === undefined ? undefined : readDouble(cmp.Moneda_ctz, 6);
  return {
    id: readInteger(cmp.Id, 'long'),
    date: readString(cmp.Fecha_cbte)?.trim() || undefined,
    voucherType: readInteger(cmp.Cbte_Tipo, 'short'),
    pointOfSale: readInteger(cmp.Punto_vta),
    number: readInteger(cmp.Cbte_nro, 'long'),
    exportType: readInteger(cmp.Tipo_expo, 'short'),
    permitExisting: text(cmp.Permiso_existente),
    permits: listOf(cmp.Permisos, 'Permiso')?.map((permit) => ({
      id: text(permit.Id_permiso),
      destination: readInteger(permit.Dst_merc),
    })),
    destination: readInteger(cmp.Dst_cmp, 'short'),
    customer: text(cmp.Cliente),
    countryCuit: readInteger(cmp.Cuit_pais_cliente, 'long'),
    address: text(cmp.Domicilio_cliente),
    taxId: text(cmp.Id_impositivo),
    currency: text(cmp.Moneda_Id),
    ...(rate ? { rate } : {}),
    ...(cmp.CanMisMonExt === undefined ? {} : { sameCurrency: text(cmp.CanMisMonExt) }),
    commercialNotes: readString(cmp.Obs_comerciales) ?? '',
    total: readDouble(cmp.Imp_total, 2),
    notes: readString(cmp.Obs) ?? '',
    associated: listOf(cmp.Cmps_asoc, 'Cmp_asoc')?.map((item) => ({
      type: readInteger(item.Cbte_tipo, 'short'),
      pointOfSale: readInteger(item.Cbte_punto_vta),
      number: readInteger(item.Cbte_nro, 'long'),
      cuit: readInteger(item.Cbte_cuit, 'long'),
    })),
    paymentForm: text(cmp.Forma_pago),
    incoterm: text(cmp.Incoterms),
    ...(cmp.Incoterms_Ds === undefined ? {} : { incotermText: readString(cmp.Incoterms_Ds) ?? '' }),
    language: readInteger(cmp.Idioma_cbte, 'short'),
    items: listOf(cmp.Items, 'Item')?.map((item) => ({
      description: text(item.Pro_ds),
      quantity: readDouble(item.Pro_qty, 6),
      unit: readInteger(item.Pro_umed),
      price: readDouble(item.Pro_precio_uni, 6),
      discount: readDouble(item.Pro_bonificacion, 6),
      total: readDouble(item.Pro_total_item, 2),
    })),
    paymentDate: readString(cmp.Fecha_pago)?.trim() || undefined,
  };
}
