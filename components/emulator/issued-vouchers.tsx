'use client';
// "Mis Comprobantes › Emitidos": a CUIT's condition frente al IVA and the vouchers the emulated WSFEv1
// authorised for it (newest first, the last 50), each with its CAE.
import { useState, type FormEvent } from 'react';
import { cuitProblem, formatCuit, normalizeCuit } from '@/lib/ar/cuit-digits';
import { VOUCHER_TYPES } from '@/lib/emulator/wsfe-catalog';
import { Field, Outcome, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem, type FieldProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';
import { VAT_STATUS_NAMES, type VatStatus } from '@/components/emulator/vat-statuses';

interface IssuedVoucher {
  point_of_sale: number;
  voucher_type: number;
  number: number;
  number_to: number;
  date: string;
  receiver: { doc_type: number; doc_number: string };
  total: string;
  currency: string;
  cae: string;
  cae_due: string;
}
interface TaxpayerView {
  environment: PortalEnvironment;
  cuit: string;
  vat_status: VatStatus;
  vouchers: IssuedVoucher[];
}

const typeName = (type: number) =>
  VOUCHER_TYPES.find((row) => row.id === String(type))?.desc ?? `Comprobante tipo ${type}`;
const numbered = (voucher: IssuedVoucher) => {
  const number = (value: number) => String(value).padStart(8, '0');
  const point = String(voucher.point_of_sale).padStart(5, '0');
  return voucher.number_to > voucher.number
    ? `${point}-${number(voucher.number)} a ${number(voucher.number_to)}`
    : `${point}-${number(voucher.number)}`;
};
const day = (iso: string) => iso.split('-').reverse().join('/');
const receiverOf = ({ doc_type: type, doc_number: number }: IssuedVoucher['receiver']) =>
  type === 99
    ? 'Consumidor final sin identificar'
    : type === 80
      ? `CUIT ${formatCuit(number)}`
      : `Documento tipo ${type} n.º ${number}`;
const amount = (voucher: IssuedVoucher) => {
  const value = Number(voucher.total).toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return voucher.currency === 'PES' ? `$ ${value}` : `${value} (moneda ${voucher.currency})`;
};

export function IssuedVouchers({ environment }: { environment: PortalEnvironment }) {
  const request = usePortalRequest<TaxpayerView>('taxpayers');
  const [cuitMistake, setCuitMistake] = useState<FieldProblem>();
  const done = request.result;

  async function consult(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cuit = normalizeCuit(String(new FormData(event.currentTarget).get('cuit') ?? ''));
    // The API only takes a CUIT in the path, so a mistyped one is named here, on its field.
    if (cuitProblem(cuit)) {
      setCuitMistake({
        advice: 'Revise la CUIT: son 11 dígitos, con guiones o sin ellos (por ejemplo 30-71234567-1).',
      });
      return;
    }
    setCuitMistake(undefined);
    await request.load(`${cuit}?environment=${environment}`);
  }

  return (
    <PortalSection id="issued-vouchers" title="Comprobantes emitidos" where="Mis Comprobantes › Emitidos">
      <form ref={request.formRef} onSubmit={consult} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field
          formId="issued-vouchers"
          name="cuit"
          label="CUIT del emisor"
          problem={cuitMistake ?? fieldProblem(request.error, 'cuit')}
        >
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />
          )}
        </Field>
        <SubmitButton pending={request.pending}>Consultar comprobantes</SubmitButton>
        <Outcome
          failure={formProblem(request.error, ['cuit'])}
          success={
            done
              ? `CUIT ${formatCuit(done.cuit)} en ${ENVIRONMENT_NAMES[done.environment]}: ${VAT_STATUS_NAMES[done.vat_status].name} ` +
                `(emite ${VAT_STATUS_NAMES[done.vat_status].issues}). ` +
                (done.vouchers.length === 0
                  ? 'No tiene comprobantes autorizados.'
                  : `${done.vouchers.length === 1 ? 'Un comprobante autorizado' : `${done.vouchers.length} comprobantes autorizados`}` +
                    ', del más reciente al más antiguo (se muestran hasta 50).')
              : undefined
          }
        />
      </form>
      {done && done.vouchers.length > 0 ? (
        <ol aria-label={`Comprobantes autorizados para la CUIT ${formatCuit(done.cuit)}`} className="mt-4 space-y-3">
          {done.vouchers.map((voucher) => (
            <li
              key={`${voucher.voucher_type}-${voucher.point_of_sale}-${voucher.number}`}
              className="rounded-md border border-slate-300 p-3"
            >
              <p className="font-semibold text-slate-900">
                {typeName(voucher.voucher_type)} {numbered(voucher)}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
                <dt className="text-slate-600">Fecha</dt>
                <dd>{day(voucher.date)}</dd>
                <dt className="text-slate-600">Receptor</dt>
                <dd>{receiverOf(voucher.receiver)}</dd>
                <dt className="text-slate-600">Importe total</dt>
                <dd>{amount(voucher)}</dd>
                <dt className="text-slate-600">CAE</dt>
                <dd className="break-all font-mono">{voucher.cae}</dd>
                <dt className="text-slate-600">Vencimiento del CAE</dt>
                <dd>{day(voucher.cae_due)}</dd>
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
    </PortalSection>
  );
}
