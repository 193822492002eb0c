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

function readPemFile(file: string | undefined): string[] {
  if (!file) return [];
  const text = fs.readFileSync(file, 'utf8');
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
