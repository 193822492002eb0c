// The tax-authority emulator: WSAA and WSFEv1 over SOAP, and its portal as JSON. Every route answers
// a JSON 404 unless AR_AUTHORITY=emulator; in production the portal needs ADMIN_TOKEN.
import { z } from 'zod';
import { AuthorizationBody, CertificateRequestBody, EnvironmentSchema, PointOfSaleBody, RevocationBody } from '../../ar/emulator/portal';
import { IssuedCertificate, RecordedAuthorization, RecordedPointOfSale, RecordedRevocation } from '../responses/emulator';
import { answer, jsonBody, type Endpoint } from '../types';

const EnvironmentParams = z.object({ environment: EnvironmentSchema });
const emulated = { tag: 'Emulator', auth: 'none', errors: ['not_found'] } as const;
/** Open outside production; in production (AR_EMULATOR_IN_PRODUCTION=1) the operator's ADMIN_TOKEN only. */
const portal = {
  ...emulated,
  errors: ['not_found', 'unauthorized', 'forbidden', 'rate_limited'],
  description: 'In production (AR_EMULATOR_IN_PRODUCTION=1) only with `Authorization: Bearer $ADMIN_TOKEN` (or Basic with ADMIN_TOKEN as the password).',
} as const;
const soap = (operations: string) => ({
  ...emulated,
  params: EnvironmentParams,
  body: { kind: 'xml', description: `A SOAP 1.1 (text/xml) or 1.2 (application/soap+xml) envelope: ${operations}` },
  responses: {
    200: answer(undefined, 'The SOAP reply, in the version of the request', { format: 'soap' }),
    500: answer(undefined, "A SOAP fault with the authority's own fault code", { format: 'soap' }),
  },
} as const);

export const EMULATOR_ENDPOINTS: Endpoint[] = [
  {
    ...soap('loginCms with a CMS-signed login ticket request'),
    method: 'post', path: '/emulator/{environment}/wsaa/LoginCms', operationId: 'emulatorLoginCms',
    summary: 'WSAA loginCms: a 12-hour access ticket for one web service',
  },
  {
    ...soap('FEDummy or FEParamGetPtosVenta'),
    method: 'post', path: '/emulator/{environment}/wsfev1/service.asmx', operationId: 'emulatorWsfe',
    summary: 'WSFEv1: FEDummy and FEParamGetPtosVenta',
  },
  {
    ...portal, method: 'post', path: '/emulator/portal/certificates', operationId: 'emulatorIssueCertificate',
    summary: "Issue a certificate from a request, signed by the environment's CA",
    body: jsonBody(CertificateRequestBody),
    responses: { 200: answer(IssuedCertificate, 'The certificate') },
  },
  {
    ...portal, method: 'post', path: '/emulator/portal/authorizations', operationId: 'emulatorAuthorizeService',
    summary: "Authorise a web service for a certificate's alias",
    body: jsonBody(AuthorizationBody),
    responses: { 201: answer(RecordedAuthorization, 'The authorisation') },
  },
  {
    ...portal, method: 'post', path: '/emulator/portal/revocations', operationId: 'emulatorRevokeCertificate',
    summary: 'Revoke a certificate the portal issued',
    body: jsonBody(RevocationBody),
    errors: [...portal.errors, 'conflict'],
    responses: { 201: answer(RecordedRevocation, 'The revocation') },
  },
  {
    ...portal, method: 'post', path: '/emulator/portal/points-of-sale', operationId: 'emulatorAddPointOfSale',
    summary: 'Add (or update) a point of sale for a CUIT',
    body: jsonBody(PointOfSaleBody),
    responses: { 201: answer(RecordedPointOfSale, 'The point of sale') },
  },
];
