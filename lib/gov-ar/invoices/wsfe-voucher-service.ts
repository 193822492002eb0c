// WSFEv1 (types A, B, C, M) for the sender: batches of up to FECompTotXRequest vouchers in one FECAESolicitar,
// FECompUltimoAutorizado and FECompConsultar to settle a lost answer, 10016 for a number refused alone.
import { arcaQrDataFor } from '@/lib/ar/arca/qr';
import { voucherDifferences } from '@/lib/ar/arca/voucher-match';
import { withNumber, type WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import type { Environment } from '@/lib/ar/environments';
import {
  feCaeSolicitar,
  feCompConsultar,
  feCompTotXRequest,
  feCompUltimoAutorizado,
} from '@/lib/authority/wsfe-vouchers';
import type { InvoiceSend } from '@/lib/db/schema';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';
import { feDummy } from '@/lib/authority/wsfe-client';
import type { VoucherService } from '@/lib/gov-ar/invoices/voucher-service';
import { processSingleton } from '@/lib/process-singleton';

/** The authority's own limit (FECompTotXRequest answers 250 in homologación); ours if it says more. */
const MOST_PER_BATCH = 250;

/** FECompTotXRequest, asked once an hour per environment. */
const batchLimits = processSingleton(
  'wsfe-batch-limits',
  () => new Map<Environment, { most: number; until: number }>(),
);

const numbered = (send: InvoiceSend, number: number) => withNumber(send.detail as WsfeVoucher['detail'], number);

export const wsfeVouchers: VoucherService = {
  service: 'wsfe',
  numberingCode: '10016',
  health: feDummy,
  // "Error interno de aplicación", "... de base de datos", "Transacción activa".
  internalCodes: new Set(['500', '501', '502']),
  async batchSize(authority: Authority) {
    const kept = batchLimits.get(authority.environment);
    if (kept && kept.until > Date.now()) return kept.most;
    const most = Math.min(MOST_PER_BATCH, await feCompTotXRequest(authority.environment, authority.auth));
    batchLimits.set(authority.environment, { most, until: Date.now() + 3_600_000 });
    return most;
  },
  lastNumber: (authority) => feCompUltimoAutorizado(authority.environment, authority.auth, authority.sequence),
  lookUp: (authority, number) => feCompConsultar(authority.environment, authority.auth, authority.sequence, number),
  numbered: (send, number) => ({ ...numbered(send, number) }),
  differences: (send, held) => voucherDifferences(numbered(send, send.number!), held.fields),
  dateOf: (fields) => String(fields.CbteFch ?? ''),
  solicit: (authority, sends) =>
    feCaeSolicitar(
      authority.environment,
      authority.auth,
      authority.sequence,
      sends.map((send) => numbered(send, send.number!)),
    ),
  qrData: (send, number, cae, issuer) =>
    arcaQrDataFor({ CbteTipo: issuer.docType, PtoVta: issuer.pointOfSale }, numbered(send, number), issuer.cuit, cae),
};
