// The emulated WSCT (tourism invoices, type T): a JAX-WS service at /wsct/CTService. Its operations behind the
// real service's credential check (a WSAA ticket for service `wsct`, the CUIT the ticket's), which fails as a
// SOAP fault (`[wscommon_…]`, HTTP 500); business refusals are `arrayErrores` inside an HTTP 200 answer.
// Vouchers are numbered under the sequence's lock (CUIT, point of sale, type) and kept in WSCT's own book.
import crypto from 'node:crypto';
import type { Environment } from '@/lib/ar/environments';
import { toXmlElements, WSCT_NAMESPACE, wsctReturnElement, type XmlValue } from '@/lib/ar/wsct-xml';
import { escapeXml } from '@/lib/ar/xml';
import { outageFor } from '@/lib/emulator/faults';
import { getPointOfSale, lastAuthorised, withSequence } from '@/lib/emulator/invoicing-queries';
import { getTicketByTokenHash } from '@/lib/emulator/queries';
import { isRecord, SoapFaultError, serveSoap } from '@/lib/emulator/soap';
import { sameDigest, sha256 } from '@/lib/emulator/wsaa-service';
import { readSso } from '@/lib/emulator/wsfe-service';
import { argentinaDate } from '@/lib/emulator/wsfe-values';
import { checkComprobante, WSCT_DOC_TYPES, type WsctCheckFailure } from '@/lib/emulator/wsct-checks';
import { parameterTableXml, WSCT_EXCHANGE_RATES, WSCT_PARAMETER_TABLES } from '@/lib/emulator/wsct-parameters';
import { findWsctVoucher, insertWsctVoucher, type WsctSequenceKey } from '@/lib/emulator/wsct-queries';
import { isDown } from '@/lib/emulator/fault-queries';

type Payload = Record<string, unknown>;
type Call = { environment: Environment; cuit: string; payload: Payload; now: Date };

/** A CAE lives ten days from the voucher's date, as the WSFEv1 emulator's. */
const CAE_DAYS = 10;
const isoDay = (at: Date) => {
  const yyyymmdd = argentinaDate(at);
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
};
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const errorsXml = (failures: WsctCheckFailure[]) =>
  failures.length === 0
    ? ''
    : `<arrayErrores>${failures
        .map(
          (failure) =>
            `<codigoDescripcion><codigo>${failure.code}</codigo><descripcion>${escapeXml(failure.message)}</descripcion></codigoDescripcion>`,
        )
        .join('')}</arrayErrores>`;

/** The real service's fault for a credential it refuses: `ns3: Receiver` (sic) and a `[wscommon_…]` text. */
const authFault = (message: string) =>
  new SoapFaultError({
    code: 'ns3: Receiver',
    codeNamespaces: { ns3: 'http://www.w3.org/2003/05/soap-envelope' },
    message,
  });

/** token and sign must be a pair the emulated WSAA issued for wsct, still valid, and for this CUIT. */
async function checkAuth(environment: Environment, auth: unknown, now: Date): Promise<string> {
  if (!isRecord(auth)) throw authFault('[wscommon_007] La firma no corresponde al token enviado.');
  const token = String(auth.token ?? '');
  const sso = readSso(token);
  const ticket = sso ? await getTicketByTokenHash(environment, sha256(token)) : undefined;
  if (!sso || !ticket || !sameDigest(ticket.signHash, sha256(String(auth.sign ?? '')))) {
    throw authFault('[wscommon_007] La firma no corresponde al token enviado.');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds > sso.expTime) {
    throw authFault(
      `[wscommon_002] Token vencido Fecha y Hora de Vencimiento del Token Enviado: ${new Date(sso.expTime * 1000).toISOString()}`,
    );
  }
  // Unverified wording: a ticket of another service (wsfe) is refused as a token that is not this one's.
  if (ticket.service !== 'wsct') throw authFault('[wscommon_007] La firma no corresponde al token enviado.');
  const cuit = String(auth.cuitRepresentada ?? '');
  if (cuit !== ticket.cuit)
    throw authFault('La CUIT representada no se encuentra entre las representadas por el token.');
  return cuit;
}

const sequenceOf = (call: Call): WsctSequenceKey => ({
  environment: call.environment,
  cuit: call.cuit,
  pointOfSale: Number(call.payload.numeroPuntoVenta),
  voucherType: Number(call.payload.codigoTipoComprobante),
});

async function ultimoAutorizado(call: Call): Promise<string> {
  const sequence = sequenceOf(call);
  if (!WSCT_DOC_TYPES.includes(sequence.voucherType))
    return errorsXml([
      { code: 1000, message: 'El tipo de comprobante consultado no está habilitado en este servicio.' },
    ]);
  const last = await lastAuthorised(sequence);
  if (last.number === 0) {
    return errorsXml([
      {
        code: 1002,
        message:
          'Debe tener al menos un comprobante emitido para la combinación CUIT, punto de venta y tipo de comprobante.',
      },
    ]);
  }
  return `<numeroComprobante>${last.number}</numeroComprobante>`;
}

async function consultarComprobante(call: Call): Promise<string> {
  const sequence = sequenceOf(call);
  if (!WSCT_DOC_TYPES.includes(sequence.voucherType))
    return errorsXml([
      { code: 2000, message: 'El tipo de comprobante consultado no está habilitado en este servicio.' },
    ]);
  const voucher = await findWsctVoucher(sequence, Number(call.payload.numeroComprobante));
  if (!voucher) {
    return errorsXml([
      {
        code: 2002,
        message:
          'Debe tener al menos un comprobante emitido para la combinación CUIT, punto de venta y tipo de comprobante.',
      },
    ]);
  }
  return `<comprobante>${toXmlElements(voucher.comprobante as Record<string, XmlValue>)}</comprobante>`;
}

async function autorizarComprobante(call: Call): Promise<string> {
  const request = call.payload.comprobanteRequest;
  if (!isRecord(request))
    return `${errorsXml([{ code: 5000, message: 'Error general de aplicación' }])}<resultado>R</resultado>`;
  const sequence = sequenceOf({ ...call, payload: request });
  const today = isoDay(call.now);
  const pointOfSale =
    call.environment === 'live' ? await getPointOfSale(call.environment, call.cuit, sequence.pointOfSale) : undefined;
  return withSequence(sequence, async (tx, last) => {
    const failures = await checkComprobante(request, {
      cuit: call.cuit,
      today,
      lastNumber: last.number,
      ...(call.environment === 'live'
        ? { pointOfSaleUsable: Boolean(pointOfSale && !pointOfSale.blocked && !pointOfSale.droppedOn) }
        : {}),
      associatedExists: async (type, pos, number) =>
        Boolean(await findWsctVoucher({ ...sequence, voucherType: type, pointOfSale: pos }, number, tx)),
    });
    if (failures.length > 0) return { result: `${errorsXml(failures)}<resultado>R</resultado>`, end: last };
    const number = last.number + 1;
    const date = String(request.fechaEmision ?? today);
    const cae = String(crypto.randomInt(10_000_000_000_000, 100_000_000_000_000));
    const caeDue = plusDays(date, CAE_DAYS);
    const { codigoTipoAutorizacion: _type, codigoAutorizacion: _cae, fechaVencimiento: _due, ...rest } = request;
    // Kept in the schema's order, with the authorisation where ComprobanteType puts it.
    const kept = {
      codigoTipoComprobante: rest.codigoTipoComprobante,
      numeroPuntoVenta: rest.numeroPuntoVenta,
      numeroComprobante: number,
      fechaEmision: date,
      codigoTipoAutorizacion: 'E',
      codigoAutorizacion: cae,
      fechaVencimiento: caeDue,
      ...Object.fromEntries(
        Object.entries(rest).filter(
          ([key]) => !['codigoTipoComprobante', 'numeroPuntoVenta', 'numeroComprobante', 'fechaEmision'].includes(key),
        ),
      ),
    };
    await insertWsctVoucher(tx, { ...sequence, number, cae, caeDue, comprobante: kept });
    const response =
      `<comprobanteResponse><cuit>${call.cuit}</cuit><codigoTipoComprobante>${sequence.voucherType}</codigoTipoComprobante>` +
      `<numeroPuntoVenta>${sequence.pointOfSale}</numeroPuntoVenta><numeroComprobante>${number}</numeroComprobante>` +
      `<fechaEmision>${date}</fechaEmision><CAE>${cae}</CAE><fechaVencimientoCAE>${caeDue}</fechaVencimientoCAE></comprobanteResponse>`;
    return { result: `${response}<resultado>A</resultado>`, end: { number, date: date.replaceAll('-', '') } };
  });
}

async function cotizacion(call: Call): Promise<string> {
  const rate = WSCT_EXCHANGE_RATES[String(call.payload.codigoMoneda ?? '')];
  if (!rate)
    return errorsXml([{ code: 210, message: 'Deberá coincidir con alguno de los códigos de moneda disponibles.' }]);
  return `<cotizacionMoneda>${rate}</cotizacionMoneda>`;
}

const OPERATIONS: Record<string, (call: Call) => Promise<string>> = {
  autorizarComprobante,
  consultarUltimoComprobanteAutorizado: ultimoAutorizado,
  consultarComprobanteTipoPVentaNro: consultarComprobante,
  consultarCotizacion: cotizacion,
  ...Object.fromEntries(
    Object.entries(WSCT_PARAMETER_TABLES).map(([name, table]) => [name, async () => parameterTableXml(table)]),
  ),
};

export function serveWsct(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(
    request,
    {
      prefix: 'S',
      emptyBodyActions: WSCT_NAMESPACE,
      internalFault: { code: 'S:Server', message: 'Error general de aplicación' },
      outage: outageFor(environment),
    },
    async (soap) => {
      const name = soap.operation.replace(/Request$/, '');
      const now = new Date();
      let inner: string;
      if (name === 'dummy') {
        const state = (await isDown(environment, now)) ? 'FAIL' : 'OK';
        inner = `<appserver>${state}</appserver><dbserver>${state}</dbserver><authserver>${state}</authserver>`;
      } else {
        const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
        if (!operation)
          throw new SoapFaultError({ code: 'S:Client', message: `Cannot find dispatch method for ${name}` });
        const cuit = await checkAuth(environment, soap.payload.authRequest, now);
        inner = await operation({ environment, cuit, payload: soap.payload, now });
      }
      const returned = wsctReturnElement(name);
      return `<ns2:${name}Response xmlns:ns2="${WSCT_NAMESPACE}"><${returned}>${inner}</${returned}></ns2:${name}Response>`;
    },
  );
}
