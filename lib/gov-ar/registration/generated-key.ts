// The key pair we make for a registration (POST .../csr): made once per link, its key sealed at once.
import { inTransaction } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import type { RegistrationKey } from '@/lib/db/schema';
import { readSecret, storeSecret } from '@/lib/crypto/secrets';
import { newId } from '@/lib/ids';
import { getActiveCredential, KEY_PURPOSE } from '@/lib/gov-ar/credentials';
import { isRenewal } from '@/lib/gov-ar/registration/renewal';
import { defaultAlias, generateKeyAndCsr } from '@/lib/ar/csr';
import { loadOpenRegistration } from '@/lib/gov-ar/registration/context';
import { getProgress, getRegistrationKey, insertRegistrationKey } from '@/lib/gov-ar/registration/queries';
import type { CertificateRequest } from '@/lib/responses/gov-ar';

export async function openRegistrationKey(key: RegistrationKey): Promise<string> {
  return (
    await readSecret(key.keySecretId, { ownerId: key.ownerId, entryId: key.entryId, purpose: KEY_PURPOSE })
  ).toString('utf8');
}

/**
 * The link's certificate request: the one made before (a reload, another device) or a new one. Its
 * O= is the legal name the supplier confirmed in the wizard, else the entry's. Once made it stands,
 * even if the name is edited later: the supplier may already have a certificate for its key.
 */
export async function requestCsr(ref: string): Promise<CertificateRequest> {
  const registration = await loadOpenRegistration(ref);
  const existing = await getRegistrationKey(ref);
  if (existing) return { alias: existing.alias, csr: existing.csrPem };

  const { party, entry } = registration;
  const [saved, current] = await Promise.all([
    getProgress(ref),
    isRenewal(entry) ? getActiveCredential(entry.id) : undefined,
  ]);
  const confirmed = saved?.company;
  // A renewal keeps the alias: the portal adds the new certificate to it, and its authorizations still hold.
  const alias = current?.alias ?? defaultAlias(party.tax_id.code);
  const generated = await generateKeyAndCsr({
    legalName: confirmed?.legal_name ?? party.name,
    alias,
    cuit: party.tax_id.code,
  });
  try {
    await inTransaction(async (tx) => {
      const keySecretId = await storeSecret(tx, {
        ownerId: entry.ownerId,
        entryId: entry.id,
        purpose: KEY_PURPOSE,
        plaintext: Buffer.from(generated.privateKeyPem),
      });
      await insertRegistrationKey(tx, {
        id: newId(),
        ownerId: entry.ownerId,
        entryId: entry.id,
        ref,
        alias,
        csrPem: generated.csrPem,
        keySecretId,
      });
    });
  } catch (error) {
    // Two requests at once: the first one's key stands, this one's was rolled back with its secret.
    if (!isUniqueViolation(error)) throw error;
    const winner = await getRegistrationKey(ref);
    if (winner) return { alias: winner.alias, csr: winner.csrPem };
    throw error;
  }
  return { alias, csr: generated.csrPem };
}
