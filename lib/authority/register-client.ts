// The client of the authority's register (constancia de inscripción, `getPersona_v2` of personaServiceA5),
// asked with the platform's own certificate (register-credential.ts) and its WSAA ticket for
// ws_sr_constancia_inscripcion, kept sealed in the database and shared by every instance (the WSAA refuses a
// second login while a ticket lives). A CUIT the register does not hold answers undefined; anything else
// that goes wrong is an AuthorityError.
import 'server-only';
import type { Environment } from '@/lib/ar/environments';
import { readPersonaReturn, REGISTER_NAMESPACE, REGISTER_NOT_FOUND, REGISTER_SERVICE } from '@/lib/ar/register';
import type { RegisterTaxpayer } from '@/lib/ar/register';
import { escapeXml } from '@/lib/ar/xml';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { getRegisterTicket, upsertRegisterTicket } from '@/lib/authority/queries';
import { registerCredential, type RegisterCredential } from '@/lib/authority/register-credential';
import { postSoap, soapEnvelope } from '@/lib/authority/soap-client';
import { loginCms, type Ticket } from '@/lib/authority/wsaa-client';
import { openSecret, sealSecret } from '@/lib/crypto/sealing';

/** A ticket this close to its expiry is renewed rather than used. */
const RENEW_BEFORE_MS = 10 * 60_000;
/** The platform's tickets belong to no workspace: sealed under this owner. */
const PLATFORM_OWNER = '00000000-0000-0000-0000-000000000000';

class RegisterNotConfiguredError extends AuthorityError {
  constructor(environment: Environment) {
    super('unavailable', `The register is not configured for ${environment} (AR_REGISTER_CERT_* / AR_REGISTER_KEY_*).`);
  }
}

/** The register's entry for this CUIT, or undefined when it holds none. */
export async function getPersona(environment: Environment, cuit: string): Promise<RegisterTaxpayer | undefined> {
  const credential = await registerCredential(environment);
  if (!credential) throw new RegisterNotConfiguredError(environment);
  const ticket = await registerTicket(credential);
  const inner =
    `<token>${escapeXml(ticket.token)}</token><sign>${escapeXml(ticket.sign)}</sign>` +
    `<cuitRepresentada>${credential.cuit}</cuitRepresentada><idPersona>${escapeXml(cuit)}</idPersona>`;
  let body: Record<string, unknown>;
  try {
    body = await postSoap(
      authorityEndpoint(environment, 'register'),
      soapEnvelope(`<a5:getPersona_v2>${inner}</a5:getPersona_v2>`, { a5: REGISTER_NAMESPACE }),
      '',
      (fault) => new AuthorityError('rejected', fault.faultString || fault.faultCode, { faultCode: fault.faultCode }),
    );
  } catch (error) {
    if (error instanceof AuthorityError && error.problem === 'rejected' && error.message.includes(REGISTER_NOT_FOUND))
      return undefined;
    throw error;
  }
  const persona = (body.getPersona_v2Response as { personaReturn?: Record<string, unknown> } | undefined)
    ?.personaReturn;
  if (!persona || typeof persona !== 'object')
    throw new AuthorityError('unavailable', 'The register answered getPersona_v2 without a personaReturn.');
  const taxpayer = readPersonaReturn(cuit, persona);
  if (!taxpayer && JSON.stringify(persona.errorConstancia ?? '').includes(REGISTER_NOT_FOUND)) return undefined;
  if (!taxpayer) throw new AuthorityError('unavailable', "The register answered without the taxpayer's general data.");
  return taxpayer;
}

async function registerTicket(credential: RegisterCredential): Promise<Ticket> {
  const cached = await readTicket(credential);
  if (cached && cached.expiresAt.getTime() - Date.now() > RENEW_BEFORE_MS) return cached;
  try {
    const ticket = await loginCms(credential.environment, REGISTER_SERVICE, credential);
    await upsertRegisterTicket({
      environment: credential.environment,
      fingerprint: credential.fingerprint,
      sealed: sealSecret(Buffer.from(JSON.stringify({ token: ticket.token, sign: ticket.sign })), context(credential)),
      expiresAt: ticket.expiresAt,
    });
    return ticket;
  } catch (error) {
    // Another instance holds the valid ticket: use it once it is kept.
    if (!(error instanceof AuthorityError) || error.problem !== 'already_authenticated') throw error;
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = await readTicket(credential);
      if (stored && stored.expiresAt > new Date()) return stored;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw error;
  }
}

const context = (credential: RegisterCredential) => ({
  ownerId: PLATFORM_OWNER,
  entryId: null,
  purpose: `register_ticket:${credential.environment}:${credential.fingerprint}`,
});

async function readTicket(credential: RegisterCredential): Promise<Ticket | undefined> {
  const row = await getRegisterTicket(credential.environment, credential.fingerprint);
  if (!row || row.expiresAt <= new Date()) return undefined;
  try {
    const { token, sign } = JSON.parse(openSecret(row.sealed, context(credential)).toString('utf8')) as {
      token: string;
      sign: string;
    };
    return { token, sign, expiresAt: row.expiresAt };
  } catch {
    return undefined; // sealed under a key no longer held: log in again
  }
}
