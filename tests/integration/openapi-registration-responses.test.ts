// The documented shapes of the wizard's service (gov-ar/v1) and of the emulator's portal are the real
// ones: a supplier goes from link to Registered against the emulator, each answer held against
// what /openapi.json documents for it.
import { describe, expect, it } from 'vitest';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { call } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { portal } from '@/tests/support/emulator-client';
import {
  getPointsOfSale,
  getRegistration,
  openRegistration,
  requestCsr,
  upload,
  useEmulator,
} from '@/tests/support/registration';

const emulator = useEmulator();
const REGISTRATION = '/gov-ar/v1/registrations/{ref}';
const COMPANY = {
  legal_name: 'Panadería Ñandú S.R.L.',
  fiscal_address: 'Av. Corrientes 1234, CABA',
  activity_code: '107121',
  tax_classification: 'responsable_inscripto',
};

const saveProgress = (ref: string, body: unknown) => call(progressRoute.PUT, { method: 'PUT', params: { ref }, body });

describe('documented response shapes of a registration', () => {
  it('from link to Registered, with the emulator portal', async () => {
    const { ref, cuit } = await openRegistration();
    expectDocumented(`GET ${REGISTRATION}`, await getRegistration(ref));
    expectDocumented(`GET ${REGISTRATION}`, await getRegistration('z'.repeat(27)));
    expectDocumented(
      `PUT ${REGISTRATION}/progress`,
      await saveProgress(ref, { step: 'path', company: COMPANY, path: 'generate' }),
    );
    expectDocumented(`PUT ${REGISTRATION}/progress`, await saveProgress(ref, { step: 'nowhere' }));
    const csr = await requestCsr(ref);
    expectDocumented(`POST ${REGISTRATION}/csr`, csr);
    expectDocumented(`GET ${REGISTRATION}`, await getRegistration(ref)); // now with its csr and progress

    const issued = await portal(emulator(), 'certificates', {
      environment: 'sandbox',
      alias: csr.body.alias,
      csr: csr.body.csr,
    });
    expectDocumented('POST /emulator/portal/certificates', issued);
    expectDocumented(
      'POST /emulator/portal/certificates',
      await portal(emulator(), 'certificates', { environment: 'sandbox', alias: csr.body.alias, csr: 'no' }),
    );
    const missingAuthorization = await upload(ref, { certificate: issued.body.certificate });
    expectDocumented(`POST ${REGISTRATION}/certificate`, missingAuthorization);
    expect(missingAuthorization.body.messages, 'the supplier message is part of the documented error').toBeDefined();
    expectDocumented(`POST ${REGISTRATION}/certificate`, await upload(ref, {}));
    expectDocumented(
      'POST /emulator/portal/authorizations',
      await portal(emulator(), 'authorizations', {
        environment: 'sandbox',
        cuit,
        alias: csr.body.alias,
        service: 'wsfe',
      }),
    );

    const registered = await upload(ref, { certificate: issued.body.certificate });
    expect(registered.status).toBe(200);
    expectDocumented(`POST ${REGISTRATION}/certificate`, registered);
    expectDocumented(`GET ${REGISTRATION}`, await getRegistration(ref));

    expectDocumented(
      'POST /emulator/portal/points-of-sale',
      await portal(emulator(), 'points-of-sale', { environment: 'sandbox', cuit, number: 7 }),
    );
    expectDocumented(`GET ${REGISTRATION}/points-of-sale`, await getPointsOfSale(ref));
    expectDocumented(
      'POST /emulator/portal/revocations',
      await portal(emulator(), 'revocations', { environment: 'sandbox', certificate: issued.body.certificate }),
    );
  });

  it('a link without a certificate yet has no points of sale', async () => {
    const { ref } = await openRegistration();
    expectDocumented(`GET ${REGISTRATION}/points-of-sale`, await getPointsOfSale(ref));
  });
});
