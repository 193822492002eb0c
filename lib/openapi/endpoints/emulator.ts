// The tax-authority emulator: WSAA and WSFEv1 over SOAP, and its portal as JSON. Every route answers
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
import {
  IssuedCertificate,
  RecordedAuthorization,
  RecordedFault,
  RecordedPointOfSale,
  RecordedRevocation,
  RecordedTaxpayer,
  TaxpayerView,
} from '@/lib/openapi/responses/emulator';
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
      'its connection cut before any answer (drop_response). AR_EMULATOR_LATENCY_MS delays every answer.',
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
    summary: "Set a CUIT's IVA condition, which decides the voucher classes it may issue",
    body: jsonBody(TaxpayerBody),
    responses: { 201: answer(RecordedTaxpayer, 'The IVA condition on record') },
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
    summary: 'Make the next `count` calls of an operation fail: 503, or carried out with the answer lost',
    body: jsonBody(FaultBody),
    responses: { 201: answer(RecordedFault, 'The fault, pending for the next calls') },
  },
];
