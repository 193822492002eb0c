// Answers of utils/v1 and of /openapi.json itself.
import { z } from 'zod';

export const Ping = z.strictObject({ ping: z.literal('pong') });

export const OpenApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('This document: OpenAPI 3.1');
