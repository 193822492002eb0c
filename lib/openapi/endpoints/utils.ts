// utils/v1 and this document.
import { OpenApiDocument, Ping } from '@/lib/responses/utils';
import { answer, type Endpoint } from '@/lib/openapi/types';

export const UTILS_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/utils/v1/ping',
    operationId: 'ping',
    tag: 'Utils',
    auth: 'none',
    summary: 'Liveness',
    responses: { 200: answer(Ping, 'pong') },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Utils',
    auth: 'none',
    summary: "This document (OpenAPI 3.1), generated from the handlers' zod schemas",
    responses: { 200: answer(OpenApiDocument, 'The OpenAPI document') },
  },
];
