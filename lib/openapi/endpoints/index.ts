// Every public operation, in the order the reference lists them.
import type { Endpoint } from '@/lib/openapi/types';
import { ACCESS_ENDPOINTS } from '@/lib/openapi/endpoints/access';
import { CONSOLE_ENDPOINTS } from '@/lib/openapi/endpoints/console';
import { EMULATOR_ENDPOINTS } from '@/lib/openapi/endpoints/emulator';
import { GOV_AR_ENDPOINTS } from '@/lib/openapi/endpoints/gov-ar';
import { SILO_ENDPOINTS } from '@/lib/openapi/endpoints/silo';
import { TRANSFORM_ENDPOINTS } from '@/lib/openapi/endpoints/transform';
import { UTILS_ENDPOINTS } from '@/lib/openapi/endpoints/utils';

export const ENDPOINTS: readonly Endpoint[] = [
  ...ACCESS_ENDPOINTS,
  ...SILO_ENDPOINTS,
  ...TRANSFORM_ENDPOINTS,
  ...GOV_AR_ENDPOINTS,
  ...CONSOLE_ENDPOINTS,
  ...UTILS_ENDPOINTS,
  ...EMULATOR_ENDPOINTS,
];

/** The registry's entry for an operation, e.g. `findEndpoint('get', '/silo/v1/entries/{id}')`. */
export function findEndpoint(method: string, path: string): Endpoint | undefined {
  return ENDPOINTS.find((endpoint) => endpoint.method === method.toLowerCase() && endpoint.path === path);
}
