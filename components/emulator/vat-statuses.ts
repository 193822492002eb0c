// The IVA conditions the emulated register knows, as the portal names them, and the voucher classes each issues.
export type VatStatus = 'responsable_inscripto' | 'monotributo' | 'exento' | 'consumidor_final';

export const VAT_STATUS_NAMES: Record<VatStatus, { name: string; issues: string }> = {
  responsable_inscripto: { name: 'IVA Responsable Inscripto', issues: 'comprobantes A y B' },
  monotributo: { name: 'Responsable Monotributo', issues: 'comprobantes C' },
  exento: { name: 'IVA Sujeto Exento', issues: 'comprobantes C' },
  consumidor_final: { name: 'Consumidor Final', issues: 'ningún comprobante' },
};
