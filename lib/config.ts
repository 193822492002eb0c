// Process configuration read from the environment, with the defaults a fresh clone needs.
import 'server-only';
import path from 'node:path';

export function dataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR ?? './data');
}

/**
 * DB_SPEED_LAYER=off runs the embedded database plainly: no prepared statements, no entry reads kept in
 * memory (lib/db/README.md). Results are the same either way; only the speed differs.
 */
export function dbSpeedLayer(): boolean {
  return process.env.DB_SPEED_LAYER !== 'off';
}

/**
 * DB_PGLITE_WORKER=off keeps the embedded database on the main thread; by default it runs on a thread of its
 * own (lib/db/pglite-thread.ts) with the speed layer. With DB_SPEED_LAYER=off it is always on the main thread.
 */
export function pgliteOnThread(): boolean {
  return process.env.DB_PGLITE_WORKER !== 'off' && dbSpeedLayer();
}

export function port(): number {
  return Number(process.env.PORT ?? 3000);
}

/** Where the wizard is served; links are `{registrationUrl}/reg/<ref>`. */
export function registrationUrl(): string {
  const url = process.env.REGISTRATION_URL ?? process.env.BASE_URL ?? `http://localhost:${port()}`;
  return url.replace(/\/+$/, '');
}

/**
 * `next start` always runs with NODE_ENV=production, so `npm start` passes the environment the operator
 * asked for in APP_ENV (development unless they set NODE_ENV=production themselves).
 */
export function isProduction(): boolean {
  const declared = process.env.APP_ENV;
  return declared ? declared === 'production' : process.env.NODE_ENV === 'production';
}

export function adminToken(): string | undefined {
  return process.env.ADMIN_TOKEN || undefined;
}

export function webhookAllowPrivate(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE === '1';
}

/** Which tax authority we talk to: the built-in emulator (default outside production) or AFIP/ARCA itself. */
export function arAuthority(): 'emulator' | 'afip' {
  const declared = process.env.AR_AUTHORITY;
  if (declared === 'emulator' || declared === 'afip') return declared;
  return isProduction() ? 'afip' : 'emulator';
}

/**
 * AR_EMULATOR_LATENCY_MS: how long the emulator's SOAP services take to answer, to model the real
 * authority's round trip (0 by default; at most ten minutes; anything unreadable is 0).
 */
export function emulatorLatencyMs(): number {
  const value = Number(process.env.AR_EMULATOR_LATENCY_MS ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.min(Math.floor(value), 600_000) : 0;
}

/**
 * How long the emulator's WSAA refuses a new ticket for a certificate and service after issuing one
 * (`coe.alreadyAuthenticated`): the real WSAA gives a new one at most every 10 minutes in homologación and every
 * 2 in production (a client that lost its ticket waits that long, not the ticket's 12 hours).
 * AR_EMULATOR_WSAA_LOCKOUT_SECONDS sets it for both (tests that lose tickets on purpose); at most 12 hours.
 */
export function emulatorWsaaLockoutMs(environment: 'sandbox' | 'live'): number {
  const value = Number(process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS);
  if (process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS !== undefined && Number.isFinite(value) && value >= 0)
    return Math.min(Math.floor(value * 1000), 12 * 3_600_000);
  return environment === 'sandbox' ? 10 * 60_000 : 2 * 60_000;
}

/** Where our authority clients reach the emulator: this same app unless told otherwise. */
export function emulatorBaseUrl(): string {
  return (process.env.AR_EMULATOR_URL ?? `http://127.0.0.1:${port()}`).replace(/\/+$/, '');
}

export type AuthorityService = 'wsaa' | 'wsfe' | 'register' | 'wsfex' | 'wsct';
type AuthorityEnvironment = 'sandbox' | 'live';

/** The variables naming the authority's hosts, one per service and environment. */
const AUTHORITY_URL_VARIABLES: Record<AuthorityService, Record<AuthorityEnvironment, string>> = {
  wsaa: { sandbox: 'AR_WSAA_URL_SANDBOX', live: 'AR_WSAA_URL_LIVE' },
  wsfe: { sandbox: 'AR_WSFE_URL_SANDBOX', live: 'AR_WSFE_URL_LIVE' },
  register: { sandbox: 'AR_REGISTER_URL_SANDBOX', live: 'AR_REGISTER_URL_LIVE' },
  wsfex: { sandbox: 'AR_WSFEX_URL_SANDBOX', live: 'AR_WSFEX_URL_LIVE' },
  wsct: { sandbox: 'AR_WSCT_URL_SANDBOX', live: 'AR_WSCT_URL_LIVE' },
};

/**
 * AR_WSAA_URL_SANDBOX / _LIVE, AR_WSFE_URL_SANDBOX / _LIVE, AR_REGISTER_URL_SANDBOX / _LIVE,
 * AR_WSFEX_URL_SANDBOX / _LIVE, AR_WSCT_URL_SANDBOX / _LIVE: where AR_AUTHORITY=afip reaches a service instead
 * of the host AFIP/ARCA publishes (the authority moves hosts; an operator may go through a proxy). An absolute
 * URL without credentials; https in production, where the token and sign of a WSAA ticket travel in every call.
 * Throws, naming the variable, on anything else: a typo must not send a supplier's ticket somewhere unintended.
 */
export function authorityUrlOverride(service: AuthorityService, environment: AuthorityEnvironment): string | undefined {
  const name = AUTHORITY_URL_VARIABLES[service][environment];
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not an absolute URL: ${JSON.stringify(value)}.`);
  }
  const allowed = isProduction() ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new Error(
      `${name} must be an ${isProduction() ? 'https URL in production' : 'http(s) URL'}; it is ${url.protocol.replace(/:$/, '')}.`,
    );
  }
  if (url.username || url.password) throw new Error(`${name} must not carry a user name or password.`);
  return url.href;
}

/** Reads every authority URL variable, so that a bad one stops the start-up rather than the first invoice. */
export function checkAuthorityUrls(): void {
  for (const service of Object.keys(AUTHORITY_URL_VARIABLES) as AuthorityService[]) {
    for (const environment of ['sandbox', 'live'] as const) authorityUrlOverride(service, environment);
  }
}

/**
 * The platform's own certificate for the authority's register (ws_sr_constancia_inscripcion), per environment:
 * AR_REGISTER_CERT_SANDBOX / AR_REGISTER_KEY_SANDBOX and AR_REGISTER_CERT_LIVE / AR_REGISTER_KEY_LIVE, PEM file
 * paths (the key unencrypted). Undefined when the operator set none: the register then steps aside. The emulator
 * needs none (lib/authority/register-credential.ts makes one at its portal).
 */
export function registerCredentialFiles(
  environment: AuthorityEnvironment,
): { certificate: string; key: string } | undefined {
  const suffix = environment === 'sandbox' ? 'SANDBOX' : 'LIVE';
  const certificate = process.env[`AR_REGISTER_CERT_${suffix}`]?.trim();
  const key = process.env[`AR_REGISTER_KEY_${suffix}`]?.trim();
  if (!certificate && !key) return undefined;
  if (!certificate || !key)
    throw new Error(`AR_REGISTER_CERT_${suffix} and AR_REGISTER_KEY_${suffix} are set together or not at all.`);
  return { certificate, key };
}
