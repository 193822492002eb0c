// With the built-in emulator, one page serves both environments behind a switch: a certificate made under
// the wrong one is the likely mistake, so certificate_wrong_environment says where the switch is (issue 17, point 9).
import { describe, expect, it } from 'vitest';
import { issueFromCsr, openRegistration, requestCsr, upload, useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

describe('a certificate from the other environment, with the emulator', () => {
  it.each([
    ['live', 'sandbox', 'Producción'],
    ['sandbox', 'live', 'Homologación'],
  ] as const)(
    "a %s link given a %s certificate points to the emulator's «Ambiente» switch",
    async (environment, other, name) => {
      const registration = await openRegistration({ environment });
      const { body: csr } = await requestCsr(registration.ref);
      const refused = await upload(registration.ref, {
        certificate: await issueFromCsr(emulator(), other, csr.alias, csr.csr),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('certificate_wrong_environment');
      expect(refused.body.messages.es).toContain(`En el emulador, elija «${name}» en el selector «Ambiente»`);
      expect(refused.body.messages.en).toContain(`In the emulator, choose «${name}» with the «Ambiente» switch`);
      expect(refused.body.fields.certificate).toBe(refused.body.messages.en);
    },
  );
});
