// What a production server refuses to start with, and what it starts with only under protest (each
// warning is printed at start-up). Outside production almost anything goes: it is a developer's machine.
import { adminToken, arAuthority, checkAuthorityUrls, isProduction, registerCredentialFiles } from '@/lib/config';
import { authorityTrustProblems } from '@/lib/authority/trust';

/** ADMIN_TOKEN creates workspaces and, with the emulator, certificates: too short a token is guessable. */
const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Throws (with what to do) when production must not start so; answers the warnings to print otherwise. */
export function checkConfiguration(): string[] {
  checkAuthorityUrls(); // a malformed authority URL stops any start-up, production or not
  // Half a register certificate (a certificate without its key, or the reverse) stops it too.
  for (const environment of ['sandbox', 'live'] as const) registerCredentialFiles(environment);
  if (!isProduction()) return [];
  const token = adminToken();
  if (token && token.length < ADMIN_TOKEN_MIN_LENGTH) {
    throw new Error(
      `ADMIN_TOKEN is ${token.length} characters long; production needs at least ${ADMIN_TOKEN_MIN_LENGTH} (e.g. \`openssl rand -base64 32\`).`,
    );
  }
  const untrusted = authorityTrustProblems();
  if (untrusted.length > 0) {
    throw new Error(
      `AR_AUTHORITY=afip needs the authority's CA certificates, or every supplier's certificate is untrusted: ${untrusted.join('; ')}. ` +
        "Set AR_SANDBOX_CA_CERT and AR_LIVE_CA_CERT to PEM files of the authority's CAs (README, Configuration).",
    );
  }
  const warnings: string[] = [];
  if (arAuthority() === 'emulator') {
    if (process.env.AR_EMULATOR_IN_PRODUCTION !== '1') {
      throw new Error(
        "AR_AUTHORITY=emulator in production: the emulator would issue certificates this server trusts as the authority's. " +
          'Set AR_AUTHORITY=afip, or also AR_EMULATOR_IN_PRODUCTION=1 to run the emulator anyway (its portal then needs ADMIN_TOKEN).',
      );
    }
    warnings.push(
      'WARNING: the built-in emulator answers as the tax authority in production (AR_EMULATOR_IN_PRODUCTION=1); ' +
        'certificates it issues are trusted here. Its portal (/emulator, /emulator/portal/*) needs ADMIN_TOKEN' +
        `${token ? '.' : ', which is not set: the portal is closed.'}`,
    );
  }
  if (process.env.RATE_LIMITS === 'off')
    warnings.push('WARNING: RATE_LIMITS=off in production: nothing limits guessing or hammering.');
  return warnings;
}
