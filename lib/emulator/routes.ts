// What the emulator's route handlers share: they exist only with AR_AUTHORITY=emulator, and the SOAP
// ones only for the two environments, answering after the authority's round trip. (Who may use the portal
// in production is the host's business: lib/server/emulator-gate.ts.)
import { setTimeout as sleep } from 'node:timers/promises';
import { unknownPathHandlers } from '@/lib/http/with-api';
import { arAuthority, emulatorLatencyMs } from '@/lib/config';
import type { Environment } from '@/lib/ar/environments';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** The same JSON 404 as any path no service defines. */
const notFound = unknownPathHandlers().POST;

const isEmulatorEnvironment = (value: unknown): value is Environment => value === 'sandbox' || value === 'live';

/** A 404 like any unknown path unless the emulator is on (it is off against the real authority). */
export function emulatorOnly(handler: RouteHandler): RouteHandler {
  return (request, context) =>
    arAuthority() === 'emulator' ? handler(request, context) : Promise.resolve(notFound(request));
}

/**
 * A SOAP endpoint under /emulator/{environment}/..., answering AR_EMULATOR_LATENCY_MS after the request
 * arrived (a timer, not a busy wait), or when the work is done if that takes longer: the authority's round trip
 * includes its own work, done on its machines while the answer travels. (Answering the latency after the work
 * counted the emulator's work twice on a shared machine: as load on the app's CPU and again as round trip.)
 * A client that gives up sooner leaves the work done, as at the authority.
 */
export function soapRoute(serve: (environment: Environment, request: Request) => Promise<Response>): RouteHandler {
  return emulatorOnly(async (request, context) => {
    const answerAt = performance.now() + emulatorLatencyMs();
    const { environment } = await context.params;
    if (!isEmulatorEnvironment(environment)) return notFound(request);
    const response = await serve(environment, request);
    const wait = answerAt - performance.now();
    if (wait > 0) await sleep(wait);
    return response;
  });
}

/**
 * GET `…?WSDL` (any case): the service's WSDL with its address this request's own URL; any other GET is a 404.
 */
export function emulatorWsdlRoute(wsdl: (address: string) => string): RouteHandler {
  return emulatorOnly(async (request, context) => {
    const { environment } = await context.params;
    const url = new URL(request.url);
    const asksForWsdl = [...url.searchParams.keys()].some((key) => key.toLowerCase() === 'wsdl');
    if (!isEmulatorEnvironment(environment) || !asksForWsdl) return notFound(request);
    return new Response(wsdl(`${url.origin}${url.pathname}`), {
      headers: { 'content-type': 'text/xml; charset=utf-8' },
    });
  });
}
