// The certificate authorities a supplier's certificate must chain to, per environment: the emulator's
// own CAs in emulator mode; AFIP/ARCA's (PEM files named by AR_SANDBOX_CA_CERT / AR_LIVE_CA_CERT) otherwise.
import fs from 'node:fs';
import { arAuthority } from '@/lib/config';
import { emulatorTrustAnchors } from '@/lib/emulator/ca';

export interface TrustAnchors {
  sandbox: string[];
  live: string[];
}

export function trustAnchors(): TrustAnchors {
  if (arAuthority() === 'emulator') return emulatorTrustAnchors();
  return { sandbox: readPemFile(process.env.AR_SANDBOX_CA_CERT), live: readPemFile(process.env.AR_LIVE_CA_CERT) };
}

/** The variables naming the authority's CA certificates, per environment (with AR_AUTHORITY=afip). */
const AUTHORITY_CA_VARIABLES = { sandbox: 'AR_SANDBOX_CA_CERT', live: 'AR_LIVE_CA_CERT' } as const;

/**
 * What is wrong with the authority's trust anchors, one sentence per variable (empty when both hold at least
 * one certificate). Without them every supplier's certificate is `certificate_untrusted`: production refuses
 * to start so (lib/server/configuration-checks.ts). The product cannot ship them: they are the authority's to
 * publish, and this machine builds offline.
 */
export function authorityTrustProblems(): string[] {
  if (arAuthority() === 'emulator') return [];
  return Object.values(AUTHORITY_CA_VARIABLES).flatMap((name) => {
    const file = process.env[name];
    if (!file) return [`${name} is not set`];
    try {
      return readPemFile(file).length > 0 ? [] : [`${name} (${file}) holds no PEM certificate`];
    } catch (error) {
      return [`${name} (${file}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`];
    }
  });
}

function readPemFile(file: string | undefined): string[] {
  if (!file) return [];
  const text = fs.readFileSync(file, 'utf8');
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
