// The key and certificate request we make for a supplier: what the authority's guide would have them
// make with openssl, signed by Node off the event loop (forge's JavaScript RSA held it ~50 ms a request).
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { MAX_PBKDF2_ITERATIONS } from '@/lib/ar/certificates/key-derivation';
import { generateKeyAndCsr } from '@/lib/ar/csr';
import { heldMs, latenciesDuring, synchronousDerivationMs } from '@/tests/support/event-loop';

const subject = { legalName: 'Panadería Ñandú S.A.', alias: 'fe30712345671', cuit: '30712345671' };

describe('generateKeyAndCsr', () => {
  it('makes an RSA-2048 key and a request for it that openssl verifies, with the subject as the guide writes it', async () => {
    const { privateKeyPem, csrPem } = await generateKeyAndCsr(subject);
    expect(createPrivateKey(privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    const printed = execFileSync('openssl', ['req', '-verify', '-noout', '-subject', '-nameopt', 'RFC2253,-esc_msb'], {
      input: csrPem,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    expect(printed).toContain('subject=serialNumber=CUIT 30712345671,CN=fe30712345671,O=Panadería Ñandú S.A.,C=AR');
    const request = forge.pki.certificationRequestFromPem(csrPem);
    expect(forge.pki.publicKeyToPem(request.publicKey!).replace(/\r\n/g, '\n')).toBe(
      createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }),
    );
  });

  // Ten requests held the event loop for ten JavaScript RSA signatures; the yardstick is what one key
  // derivation at the PBKDF2 limit takes on this machine right now (about two of those signatures).
  it('leaves the event loop free while it generates and signs', async () => {
    const yardstick = synchronousDerivationMs(MAX_PBKDF2_ITERATIONS.sha256);
    const requests = (async () => {
      for (let run = 0; run < 10; run++) await generateKeyAndCsr(subject);
    })();
    const held = heldMs(await latenciesDuring(requests));
    expect(held, `held ${held.toFixed(0)} ms in all, against ${yardstick.toFixed(0)} ms`).toBeLessThan(2 * yardstick);
  }, 60_000);
});
