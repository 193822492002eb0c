// The taxpayer register: our client of getPersona_v2 against the emulated register over real HTTP (the
// platform's own certificate, its WSAA ticket for ws_sr_constancia_inscripcion), the emulator's demo and
// portal taxpayers, the answers kept a day, and GET /gov-ar/v1/taxpayers/{cuit} with its refusals.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as taxpayerRoute from '@/app/gov-ar/v1/taxpayers/[cuit]/route';
import { getPersona } from '@/lib/authority/register-client';
import { getDb } from '@/lib/db/client';
import { registerTickets, taxpayerRegisterAnswers } from '@/lib/db/schema';
import { registerEntryOrNothing } from '@/lib/gov-ar/taxpayers/lookup';
import { withEnv } from '@/tests/support/authority';
import { call } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { portal } from '@/tests/support/emulator-client';
import { useEmulator } from '@/tests/support/registration';
import { createWorkspace, freshCuit } from '@/tests/support/scenario';

const emulator = useEmulator();
// The database opens, and the platform makes its register certificate at the emulator's portal, once.
beforeAll(async () => {
  await getDb();
  await registerEntryOrNothing('sandbox', DEMO_SUPPLIER);
}, 120_000);
const DEMO_SUPPLIER = '30712345671';
const DEMO_MONOTRIBUTISTA = '27900000001';

const lookUp = (apiKey: string | undefined, cuit: string) =>
  call(taxpayerRoute.GET, { token: apiKey, params: { cuit } });

async function setTaxpayer(body: Record<string, unknown>) {
  const answer = await portal(emulator(), 'taxpayers', { environment: 'sandbox', ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function makeKeptAnswerOld(cuit: string, hours: number) {
  const db = await getDb();
  await db
    .update(taxpayerRegisterAnswers)
    .set({ fetchedAt: new Date(Date.now() - hours * 3_600_000) })
    .where(and(eq(taxpayerRegisterAnswers.environment, 'sandbox'), eq(taxpayerRegisterAnswers.cuit, cuit)));
}

describe('the register client (getPersona_v2)', () => {
  it.each(['sandbox', 'live'] as const)(
    '%s: reads a demo taxpayer of the emulated register whole',
    async (environment) => {
      expect(await getPersona(environment, DEMO_SUPPLIER)).toEqual({
        cuit: DEMO_SUPPLIER,
        name: 'Panadería La Demostración S.R.L.',
        kind: 'company',
        active: true,
        vat_status: { code: 1, name: 'IVA Responsable Inscripto' },
        address: {
          street: 'Av. Corrientes 1234',
          locality: 'San Nicolás',
          postal_code: 'C1043AAZ',
          province: 'CIUDAD AUTONOMA BUENOS AIRES',
        },
        activities: [
          { code: '107121', name: 'ELABORACIÓN INDUSTRIAL DE PRODUCTOS DE PANADERÍA, EXCEPTO GALLETITAS Y BIZCOCHOS' },
        ],
        started_on: '2015-03-02',
      });
    },
  );

  it('reads a Monotributista person, an exento, a consumidor final and an inactive CUIT as the register implies', async () => {
    expect(await getPersona('sandbox', DEMO_MONOTRIBUTISTA)).toMatchObject({
      name: 'GÓMEZ, MARÍA LAURA',
      kind: 'person',
      vat_status: { code: 6, name: 'Responsable Monotributo' },
      activities: [{ code: '620100' }],
    });
    expect((await getPersona('sandbox', '30500012346'))?.vat_status).toEqual({ code: 4, name: 'IVA Sujeto Exento' });
    expect((await getPersona('sandbox', '20400000019'))?.vat_status).toEqual({ code: 5, name: 'Consumidor Final' });
    expect(await getPersona('sandbox', '30999999987')).toMatchObject({ active: false, vat_status: { code: 1 } });
  });

  it('reads what the portal sets (name, address as one line, activities, start, IVA condition)', async () => {
    const cuit = freshCuit();
    const recorded = await setTaxpayer({
      cuit,
      vat_status: 'exento',
      name: 'Cooperativa Ñandú Ltda.',
      address: 'Sarmiento 77',
      activities: [{ code: '011111', name: 'CULTIVO DE ARROZ' }],
      started_on: '2021-04-05',
    });
    expect(recorded).toMatchObject({
      cuit,
      vat_status: 'exento',
      name: 'Cooperativa Ñandú Ltda.',
      kind: 'company',
      active: true,
    });
    expect(await getPersona('sandbox', cuit)).toEqual({
      cuit,
      name: 'Cooperativa Ñandú Ltda.',
      kind: 'company',
      active: true,
      vat_status: { code: 4, name: 'IVA Sujeto Exento' },
      address: { street: 'Sarmiento 77' },
      activities: [{ code: '011111', name: 'CULTIVO DE ARROZ' }],
      started_on: '2021-04-05',
    });
  });

  it('answers undefined for a CUIT the register does not hold, and keeps one WSAA ticket for the register', async () => {
    expect(await getPersona('sandbox', freshCuit())).toBeUndefined();
    await getPersona('sandbox', DEMO_SUPPLIER);
    const db = await getDb();
    const tickets = await db.select().from(registerTickets).where(eq(registerTickets.environment, 'sandbox'));
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.sealed).not.toContain('token');
  });
});

describe('GET /gov-ar/v1/taxpayers/{cuit}', () => {
  it("answers the register's entry in the caller's environment, and a CUIT written with hyphens", async () => {
    const workspace = await createWorkspace({ sandbox: true });
    const answer = await lookUp(workspace.api_key, '27-90000000-1');
    expect(answer.status).toBe(200);
    expectDocumented('GET /gov-ar/v1/taxpayers/{cuit}', answer);
    expect(answer.body).toMatchObject({ cuit: DEMO_MONOTRIBUTISTA, vat_status: { code: 6 } });
  });

  it.each([
    ['a wrong check digit', '30712345672', 422],
    ['ten digits', '3071234567', 422],
    ['a CUIT the register does not hold', freshCuit(), 404],
  ])('refuses %s', async (_, cuit, status) => {
    const workspace = await createWorkspace({ sandbox: true });
    const answer = await lookUp(workspace.api_key, cuit);
    expect(answer.status).toBe(status);
    expectDocumented('GET /gov-ar/v1/taxpayers/{cuit}', answer);
    expect(answer.body.code).toBe(status === 404 ? 'taxpayer_not_found' : 'validation_failed');
    if (status === 422) expect(Object.keys(answer.body.fields)).toEqual(['cuit']);
  });

  it('needs a token', async () => {
    expect((await lookUp(undefined, DEMO_SUPPLIER)).status).toBe(401);
  });

  it('keeps an answer a day: the register down does not show, a day later it is asked again', async () => {
    const workspace = await createWorkspace({ sandbox: true });
    const cuit = freshCuit();
    await setTaxpayer({ cuit, name: 'Primera Razón S.A.', vat_status: 'responsable_inscripto' });
    expect((await lookUp(workspace.api_key, cuit)).body.name).toBe('Primera Razón S.A.');

    await setTaxpayer({ cuit, name: 'Segunda Razón S.A.', vat_status: 'responsable_inscripto' });
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'getPersona_v2',
      fault: 'unavailable',
      count: 5,
    });
    const kept = await lookUp(workspace.api_key, cuit);
    expect(kept.status).toBe(200);
    expect(kept.body.name).toBe('Primera Razón S.A.');

    await makeKeptAnswerOld(cuit, 25);
    const down = await lookUp(workspace.api_key, cuit);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    expectDocumented('GET /gov-ar/v1/taxpayers/{cuit}', down);

    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'getPersona_v2',
      fault: 'unavailable',
      count: 0,
    });
    expect((await lookUp(workspace.api_key, cuit)).body.name).toBe('Segunda Razón S.A.');
  });

  it('answers 503 authority_unavailable against AFIP when the operator configured no register certificate', async () => {
    const workspace = await createWorkspace({ sandbox: true });
    const answer = await withEnv(
      { AR_AUTHORITY: 'afip', AR_REGISTER_CERT_SANDBOX: undefined, AR_REGISTER_KEY_SANDBOX: undefined },
      () => lookUp(workspace.api_key, freshCuit()),
    );
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('authority_unavailable');
  });
});

describe('the register for the wizard and the store', () => {
  it('steps aside when the register is down: no answer, no error', async () => {
    const cuit = freshCuit();
    await setTaxpayer({ cuit, name: 'Caída S.A.' });
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'getPersona_v2',
      fault: 'unavailable',
      count: 1,
    });
    expect(await registerEntryOrNothing('sandbox', cuit)).toEqual({ found: undefined });
    expect(await registerEntryOrNothing('sandbox', cuit)).toMatchObject({
      found: true,
      taxpayer: { name: 'Caída S.A.' },
    });
    expect(await registerEntryOrNothing('sandbox', freshCuit())).toEqual({ found: false });
  });
});
