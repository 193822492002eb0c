// The emulated register (ws_sr_constancia_inscripcion, personaServiceA5, a JAX-WS service): `dummy` and
// `getPersona_v2` behind the real service's checks on the WSAA ticket (token and sign a pair the WSAA issued
// for this service, the represented CUIT among its relations), answering from the portal's taxpayers. Problems
// with the call are SOAP faults (HTTP 500), as at the authority; a CUIT the register does not hold is the
// fault "No existe persona con ese Id". Elements are written in alphabetical order, as the real service does.
import type { Environment } from '@/lib/ar/environments';
import { isValidCuit } from '@/lib/ar/cuit';
import { REGISTER_NAMESPACE, REGISTER_NOT_FOUND, REGISTER_SERVICE, REGISTER_TAX } from '@/lib/ar/register';
import { escapeXml } from '@/lib/ar/xml';
import { outageFor } from '@/lib/emulator/faults';
import { getTaxpayerRow } from '@/lib/emulator/invoicing-queries';
import { getTicketByTokenHash } from '@/lib/emulator/queries';
import { SoapFaultError, serveSoap, type SoapRequest } from '@/lib/emulator/soap';
import { sameDigest, sha256 } from '@/lib/emulator/wsaa-service';

type TaxpayerRow = NonNullable<Awaited<ReturnType<typeof getTaxpayerRow>>>;

const fault = (message: string) => new SoapFaultError({ code: 'soap:Server', message });
const element = (name: string, value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;

export function serveRegister(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(
    request,
    {
      prefix: 'soap',
      internalFault: { code: 'soap:Server', message: 'Error interno del servicio' },
      outage: outageFor(environment),
    },
    async (soap) => {
      if (soap.operation === 'dummy') {
        return `<ns2:dummyResponse xmlns:ns2="${REGISTER_NAMESPACE}"><return><appserver>OK</appserver><authserver>OK</authserver><dbserver>OK</dbserver></return></ns2:dummyResponse>`;
      }
      if (soap.operation !== 'getPersona_v2') {
        throw new SoapFaultError({
          code: 'soap:Client',
          message: `Cannot find dispatch method for {${REGISTER_NAMESPACE}}${soap.operation}`,
        });
      }
      return getPersona(environment, soap, new Date());
    },
  );
}

async function getPersona(environment: Environment, soap: SoapRequest, now: Date): Promise<string> {
  const { token, sign, cuitRepresentada, idPersona } = soap.payload as Record<string, unknown>;
  if (typeof token !== 'string' || typeof sign !== 'string' || !token || !sign) throw fault('Falta token y/o sign.');
  const ticket = await getTicketByTokenHash(environment, sha256(token));
  if (!ticket || !sameDigest(ticket.signHash, sha256(sign)) || ticket.service !== REGISTER_SERVICE)
    throw fault('No autorizado, par token/sign invalido.');
  if (ticket.expiresAt <= now) throw fault('Token expirado');
  const represented = String(cuitRepresentada ?? '').trim();
  if (!represented) throw fault('Debe enviar la CUIT representada');
  if (represented !== ticket.cuit)
    throw fault(`Este token no le permite actuar en representacion de la CUIT ${represented}`);
  const id = String(idPersona ?? '').trim();
  if (!/^\d{11}$/.test(id) || !isValidCuit(id)) throw fault('El Id de la persona no es valido');
  const row = await getTaxpayerRow(environment, id);
  if (!row?.name) throw fault(REGISTER_NOT_FOUND);
  return `<ns2:getPersona_v2Response xmlns:ns2="${REGISTER_NAMESPACE}"><personaReturn>${personaXml(row, now)}</personaReturn></ns2:getPersona_v2Response>`;
}

function personaXml(row: TaxpayerRow, now: Date): string {
  const company = row.kind === 'company';
  const [surname, given] = company ? [undefined, undefined] : splitName(row.name!);
  const period = (row.startedOn ?? '2019-01-01').slice(0, 7).replace('-', '');
  const address = row.address
    ? `<domicilioFiscal>${element('codPostal', row.address.postal_code)}${element('descripcionProvincia', row.address.province)}${element('direccion', row.address.street)}${element('localidad', row.address.locality)}<tipoDomicilio>FISCAL</tipoDomicilio></domicilioFiscal>`
    : '';
  const general =
    `<datosGenerales>${element('apellido', surname)}${address}<esSucesion>NO</esSucesion>` +
    `<estadoClave>${row.active ? 'ACTIVO' : 'INACTIVO'}</estadoClave>` +
    (company && row.startedOn ? `<fechaContratoSocial>${row.startedOn}T12:00:00-03:00</fechaContratoSocial>` : '') +
    `<idPersona>${row.cuit}</idPersona><mesCierre>12</mesCierre>${element('nombre', given)}` +
    `${company ? element('razonSocial', row.name!) : ''}<tipoClave>CUIT</tipoClave>` +
    `<tipoPersona>${company ? 'JURIDICA' : 'FISICA'}</tipoPersona></datosGenerales>`;
  const activities = (row.activities ?? [])
    .map(
      (activity, index) =>
        `<actividad><descripcionActividad>${escapeXml(activity.name)}</descripcionActividad><idActividad>${Number(activity.code)}</idActividad><nomenclador>883</nomenclador><orden>${index + 1}</orden><periodo>${period}</periodo></actividad>`,
    )
    .join('');
  const tax = (id: number, description: string) =>
    `<impuesto><descripcionImpuesto>${description}</descripcionImpuesto><estadoImpuesto>AC</estadoImpuesto><idImpuesto>${id}</idImpuesto><motivo>ALTA</motivo><periodo>${period}</periodo></impuesto>`;
  const regime =
    row.vatStatus === 'monotributo'
      ? `<datosMonotributo>${activities}<categoriaMonotributo><descripcionCategoria>A LOCACIONES DE SERVICIOS</descripcionCategoria><idCategoria>1</idCategoria><idImpuesto>${REGISTER_TAX.monotax}</idImpuesto><periodo>${period}</periodo></categoriaMonotributo>${tax(REGISTER_TAX.monotax, 'MONOTRIBUTO')}</datosMonotributo>`
      : `<datosRegimenGeneral>${activities}${
          row.vatStatus === 'exento'
            ? tax(REGISTER_TAX.vatExempt, 'IVA EXENTO')
            : row.vatStatus === 'consumidor_final'
              ? ''
              : tax(REGISTER_TAX.vat, 'IVA')
        }</datosRegimenGeneral>`;
  const metadata = `<metadata><fechaHora>${now.toISOString()}</fechaHora><servidor>emulador</servidor></metadata>`;
  return `${general}${regime}${metadata}`;
}

/** "PÉREZ, JUAN" into apellido and nombre; a name without a comma is all apellido. */
function splitName(name: string): [string, string | undefined] {
  const comma = name.indexOf(',');
  if (comma > 0) return [name.slice(0, comma).trim(), name.slice(comma + 1).trim() || undefined];
  return [name.trim(), undefined];
}
