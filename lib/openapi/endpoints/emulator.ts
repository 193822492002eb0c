// The tax-authority emulator: WSAA, WSFEv1, WSFEX, WSCT and the register over SOAP (each with its WSDL), and its portal as JSON. Every route answers
// a JSON 404 unless AR_AUTHORITY=emulator; in production the portal needs ADMIN_TOKEN.
import { z } from 'zod';
import { FaultBody } from '@/lib/emulator/faults';
import {
  AuthorizationBody,
  CertificateRequestBody,
  EnvironmentSchema,
  PointOfSaleBody,
  RevocationBody,
} from '@/lib/emulator/portal';
import { TaxpayerBody, TaxpayerParams, TaxpayerQuery } from '@/lib/emulator/taxpayers';
import { VoucherBookQuery } from '@/lib/emulator/voucher-book';
import {
  IssuedCertificate,
  RecordedAuthorization,
  RecordedFault,
  RecordedPointOfSale,
  RecordedRevocation,
  RecordedTaxpayer,
  TaxpayerView,
  VoucherBook,
} from '@/lib/responses/emulator';
import { answer, jsonBody, type Endpoint } from '@/lib/openapi/types';

const EnvironmentParams = z.object({ environment: EnvironmentSchema });
const emulated = { tag: 'Emulator', auth: 'none', errors: ['not_found'] } as const;
/** Open outside production; in production (AR_EMULATOR_IN_PRODUCTION=1) the operator's ADMIN_TOKEN only. */
const portal = {
  ...emulated,
  errors: ['not_found', 'unauthorized', 'forbidden', 'rate_limited'],
  description:
    'In production (AR_EMULATOR_IN_PRODUCTION=1) only with `Authorization: Bearer $ADMIN_TOKEN` (or Basic with ADMIN_TOKEN as the password).',
} as const;
const soap = (operations: string) =>
  ({
    ...emulated,
    params: EnvironmentParams,
    body: { kind: 'xml', description: `A SOAP 1.1 (text/xml) or 1.2 (application/soap+xml) envelope: ${operations}` },
    responses: {
      200: answer(undefined, 'The SOAP reply, in the version of the request', { format: 'soap' }),
      500: answer(undefined, "A SOAP fault with the authority's own fault code", { format: 'soap' }),
    },
  }) as const;

export const EMULATOR_ENDPOINTS: Endpoint[] = [
  {
    ...soap('loginCms with a CMS-signed login ticket request'),
    method: 'post',
    path: '/emulator/{environment}/wsaa/LoginCms',
    operationId: 'emulatorLoginCms',
    summary: 'WSAA loginCms: a 12-hour access ticket for one web service',
  },
  {
    ...soap(
      'FEDummy, FECAESolicitar, FECompUltimoAutorizado, FECompConsultar, FECompTotXRequest, FEParamGetPtosVenta, ' +
        'FEParamGetTiposCbte, FEParamGetTiposConcepto, FEParamGetTiposDoc, FEParamGetTiposIva, FEParamGetTiposMonedas, ' +
        'FEParamGetTiposTributos, FEParamGetTiposOpcional, FEParamGetCondicionIvaReceptor or FEParamGetCotizacion',
    ),
    method: 'post',
    path: '/emulator/{environment}/wsfev1/service.asmx',
    operationId: 'emulatorWsfe',
    summary:
      'WSFEv1: vouchers authorised with a CAE (FECAESolicitar), their numbering and lookups, and the parameter tables',
    description:
      'With a fault set at /emulator/portal/faults, a call answers HTTP 503 (unavailable) or is carried out and ' +
      "its connection cut before any answer (drop_response), answered with a proxy's 502 (error_after_commit) or late " +
      '(slow); lookups may lag behind the book (lagging_lookup), and the whole environment may be down. ' +
      'AR_EMULATOR_LATENCY_MS delays every answer.',
  },
  {
    ...soap(
      'FEXDummy, FEXAuthorize, FEXGetCMP, FEXGetLast_CMP, FEXGetLast_ID, FEXCheck_Permiso, FEXGetPARAM_Cbte_Tipo, ' +
        'FEXGetPARAM_Tipo_Expo, FEXGetPARAM_Incoterms, FEXGetPARAM_Idiomas, FEXGetPARAM_UMed, FEXGetPARAM_DST_pais, ' +
        'FEXGetPARAM_DST_CUIT, FEXGetPARAM_MON, FEXGetPARAM_PtoVenta or FEXGetPARAM_Ctz',
    ),
    method: 'post',
    path: '/emulator/{environment}/wsfexv1/service.asmx',
    operationId: 'emulatorWsfex',
    summary:
      'WSFEX: export vouchers (E: 19, 20, 21) authorised one per request, their numbering and request ids, lookups and tables',
    description:
      'A ticket of the WSAA for `wsfex` is needed (any other answers FEXErr 1000; another CUIT, 1001). The same request `Id` ' +
      "sent again answers its first result (`Reproceso` S); for another voucher, 1014. Refusals carry the manual's codes " +
      '(docs/exports.md). Faults set at /emulator/portal/faults for its operations, and `down`, apply; FEXDummy answers FAIL while down.',
  },
  {
    ...soap(
      'dummy, autorizarComprobante, consultarUltimoComprobanteAutorizado, consultarComprobanteTipoPVentaNro, ' +
        'consultarCotizacion, consultarTiposComprobantes, consultarTiposDocumento, consultarTiposIVA, ' +
        'consultarCondicionesIVA, consultarMonedas, consultarPaises, consultarTiposItem, consultarCodigosItemTurismo, ' +
        'consultarRelacionEmisorReceptor or consultarTiposTributo',
    ),
    method: 'post',
    path: '/emulator/{environment}/wsct/CTService',
    operationId: 'emulatorWsct',
    summary: 'WSCT: tourism vouchers (T: 195, 196, 197) authorised with a CAE, their numbering, lookups and tables',
    description:
      "A ticket of the WSAA for `wsct` is needed (another service's is a SOAP fault). Refusals carry the manual's codes " +
      'in `arrayErrores` with `resultado` R, using no number. Faults set at /emulator/portal/faults for its operations, ' +
      'and `down`, apply; `dummy` answers FAIL while down.',
  },
  ...(
    [
      ['wsaa/LoginCms', 'emulatorWsaaWsdl', 'WSAA'],
      ['wsfev1/service.asmx', 'emulatorWsfeWsdl', 'WSFEv1'],
      ['wsfexv1/service.asmx', 'emulatorWsfexWsdl', 'WSFEX'],
      ['wsct/CTService', 'emulatorWsctWsdl', 'WSCT'],
      ['sr-padron/webservices/personaServiceA5', 'emulatorRegisterWsdl', 'The register'],
    ] as const
  ).map(
    ([path, operationId, name]): Endpoint => ({
      ...emulated,
      method: 'get',
      path: `/emulator/{environment}/${path}`,
      operationId,
      params: EnvironmentParams,
      query: z.object({ WSDL: z.string().optional().describe('Present (any case, no value): the WSDL') }),
      summary: `${name}'s WSDL (\`?WSDL\`): the operations the emulator serves, its address pointing at the emulator`,
      responses: { 200: answer(undefined, 'The WSDL document (text/xml)', { format: 'soap' }) },
    }),
  ),
  {
    ...soap('dummy or getPersona_v2 (token, sign, cuitRepresentada, idPersona)'),
    method: 'post',
    path: '/emulator/{environment}/sr-padron/webservices/personaServiceA5',
    operationId: 'emulatorRegister',
    summary:
      'The register (ws_sr_constancia_inscripcion, personaServiceA5): getPersona_v2 answers a CUIT as the portal set it',
    description:
      'A ticket of the WSAA for `ws_sr_constancia_inscripcion` is needed, its CUIT as `cuitRepresentada`; a CUIT the register does not hold is the fault «No existe persona con ese Id». Faults set at /emulator/portal/faults for `getPersona_v2` apply.',
  },
  {
    ...portal,
    method: 'post',
    path: '/emulator/portal/certificates',
    operationId: 'emulatorIssueCertificate',
    summary: "Issue a certificate from a request, signed by the environment's CA",
    body: jsonBody(CertificateRequestBody),
    responses: { 200: answer(IssuedCertificate, 'The certificate') },
  },
  {
    ...portal,
    method: 'post',
    path: '/emulator/portal/authorizations',
    operationId: 'emulatorAuthorizeService',
    summary: "Authorize a web service for a certificate's alias",
    body: jsonBody(AuthorizationBody),
    responses: { 201: answer(RecordedAuthorization, 'The authorization') },
  },
  {
    ...portal,
    method: 'post',
    path: '/emulator/portal/revocations',
    operationId: 'emulatorRevokeCertificate',
    summary: 'Revoke a certificate the portal issued',
    body: jsonBody(RevocationBody),
    errors: [...portal.errors, 'conflict'],
    responses: { 201: answer(RecordedRevocation, 'The revocation') },
  },
  {
    ...portal,
    method: 'post',
    path: '/emulator/portal/points-of-sale',
    operationId: 'emulatorAddPointOfSale',
    summary: 'Add (or update) a point of sale for a CUIT',
    body: jsonBody(PointOfSaleBody),
    responses: { 201: answer(RecordedPointOfSale, 'The point of sale') },
  },
  {
    ...emulated,
    method: 'post',
    path: '/emulator/portal/taxpayers',
    operationId: 'emulatorSetTaxpayer',
    summary: "Set a CUIT's IVA condition (which decides the voucher classes it may issue) and its register entry",
    description:
      "With `name` the CUIT is in the emulated register (constancia de inscripción, getPersona_v2): `kind` (default from the CUIT's prefix), `address` (its parts, or one line), `activities` (CLAE codes), `started_on`, `active` (false: INACTIVO). Fields not sent are kept. Demo taxpayers are there from the start: 30712345671 (the demo supplier, Responsable Inscripto), 27900000001 (Monotributista), 30500012346 (exento), 20400000019 (consumidor final), 30999999987 (inactive).",
    body: jsonBody(TaxpayerBody),
    responses: { 201: answer(RecordedTaxpayer, 'The IVA condition and register entry on record') },
  },
  {
    ...emulated,
    method: 'get',
    path: '/emulator/portal/taxpayers/{cuit}',
    operationId: 'emulatorGetTaxpayer',
    summary: "A CUIT's IVA condition and the vouchers the emulated WSFEv1 authorised for it",
    params: TaxpayerParams,
    query: TaxpayerQuery,
    responses: { 200: answer(TaxpayerView, 'The taxpayer') },
  },
  {
    ...emulated,
    method: 'post',
    path: '/emulator/portal/faults',
    operationId: 'emulatorSetFault',
    summary: 'Make the next `count` calls of an operation fail, or the whole environment go down for a while',
    description:
      '`unavailable`: HTTP 503, nothing done. Carried out, then: `drop_response` the connection is cut before any ' +
      "answer; `error_after_commit` a proxy's HTTP 502 HTML page; `slow` the answer after `delay_ms`. " +
      '`lagging_lookup` (FECompConsultar, FECompUltimoAutorizado, FECAEAConsultar, FECAEASinMovimientoConsultar, ' +
      'FEXGetCMP, FEXGetLast_CMP): the lookup does not see what was authorised, granted or informed in the last ' +
      '`delay_ms`. `down`: every operation of the environment answers 503 for `duration_ms` (FEDummy ' +
      'answers, its servers not OK); `count` 0 lifts it. A new fault for an operation replaces the old; `count` 0 clears it.',
    body: jsonBody(FaultBody),
    responses: { 201: answer(RecordedFault, 'The fault, pending for the next calls') },
  },
  {
    ...emulated,
    method: 'get',
    path: '/emulator/portal/taxpayers/{cuit}/vouchers',
    operationId: 'emulatorListVoucherBook',
    summary: "The authority's book: every voucher the emulated WSFEv1 authorised for the CUIT, paged",
    params: TaxpayerParams,
    query: VoucherBookQuery,
    errors: ['not_found', 'invalid_cursor'],
    responses: { 200: answer(VoucherBook, 'A page of the book') },
  },
];
