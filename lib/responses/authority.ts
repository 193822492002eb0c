// The tax authority's names as the Argentine answers (gov-ar/v1, the emulator) write them: its environments
// and its web services.
import { z } from 'zod';
import type { Environment } from '@/lib/ar/environments';
import { AUTHORITY_SERVICES, type AuthorityService } from '@/lib/ar/services';

export const EnvironmentName = z
  .enum(['sandbox', 'live'] satisfies Environment[])
  .describe('sandbox (homologación) or live (producción)');
export const ServiceName = z
  .enum(AUTHORITY_SERVICES as [AuthorityService, ...AuthorityService[]])
  .describe('An authority web service');
