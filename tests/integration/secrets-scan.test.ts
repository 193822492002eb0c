// After full registrations (sandbox with the key we generate, live with the supplier's own encrypted key,
// each workflow with a webhook), no secret is in any column of any table, in any response the test got or
// in any log line: private keys, key passwords, WSAA tickets; an API key or a generated webhook secret
// only in the one response that created it. Then the master key rotates (ENCRYPTION_KEY=new,old,
// re-encrypt, drop old) and every registration still reaches the authority and every webhook still signs.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { ne } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getActiveCredential, openCredential } from '@/lib/gov-ar/credentials';
import { authorityTicket } from '@/lib/authority/tickets';
import { SecretUnreadableError } from '@/lib/crypto/sealing';
import { masterKeyId } from '@/lib/crypto/master-keys';
import { reencryptAllSecrets } from '@/lib/crypto/secrets';
import { getDb } from '@/lib/db/client';
import { secrets } from '@/lib/db/schema';
import type { AuthorityService } from '@/lib/ar/services';
import { closedPort, withEnv } from '@/tests/support/authority';
import { databaseText } from '@/tests/support/database-dump';
import { captureLogs, type LogCapture } from '@/tests/support/log-capture';
import { drainAll } from '@/tests/support/outbox';
import { encryptPkcs8, makeCsr, prepareKeys, testKey } from '@/tests/support/pki';
import {
  authorizeService,
  getPointsOfSale,
  issueFromCsr,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
  type Environment,
  type OpenRegistration,
} from '@/tests/support/registration';
import { recordResponses, stopRecordingResponses } from '@/tests/support/response-recorder';
import { createSupplier, readyWorkspace } from '@/tests/support/scenario';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '@/tests/support/webhook-receiver';

const emulator = useEmulator();

const [OLD_KEY, NEW_KEY] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')] as const;
const keyIdOf = (key: string) => masterKeyId(Buffer.from(key, 'base64'));
const PASSWORD_MARK = randomBytes(6).toString('hex');
const PASSWORD = `clave-${PASSWORD_MARK}-ñandú€`;
const GIVEN_WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

interface Supplier {
  registration: OpenRegistration;
  alias: string;
  apiKey: string;
  webhookSecret: string;
  /** The key as the supplier or our /csr made it (PKCS#8 PEM), and any other form it was uploaded in. */
  privateKeyPem: string;
  uploadedKeyPem?: string;
  ticket: { token: string; sign: string };
}

const suppliers: Supplier[] = [];
let logs: LogCapture;
let responses: string[];
let receiver: WebhookReceiver;
let savedKey: string | undefined;

const verify = (secret: string, delivery: Delivery) =>
  new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
/**
 * Stored and answered JSON escapes line breaks, and a logged object splits a long string into quoted
 * pieces joined by `+`: a secret is looked for in the text without breaks, escapes or joins.
 */
const squeeze = (text: string) => text.replace(/\\[nrt]|\s+/g, '').replace(/['"`]\+['"`]/g, '');

/** A workspace whose workflow posts webhooks to the receiver, and a supplier with a registration waiting at its link. */
async function openLink(environment: Environment, webhook: { secret?: string }) {
  const workspace = await readyWorkspace({
    sandbox: environment === 'sandbox',
    webhook: { url: receiver.url(), ...webhook },
  });
  const entry = await createSupplier(workspace.apiKey);
  const registration = await startRegistration({
    apiKey: workspace.apiKey,
    ownerId: workspace.owner_id,
    workflowId: workspace.workflow.id,
    entryId: entry.id,
    cuit: entry.data.tax_id.code,
    environment,
  });
  return {
    registration,
    apiKey: workspace.apiKey,
    webhookSecret: webhook.secret ?? (workspace.workflow.webhook.secret as string),
  };
}

/** The stored credential, opened, and the WSAA ticket the upload obtained (from the shared cache). */
async function openedCredential(entryId: string) {
  const opened = await openCredential((await getActiveCredential(entryId))!);
  const ticket = await authorityTicket(opened, 'wsfe');
  expect(ticket.source).toBe('cache');
  return { opened, ticket: { token: ticket.token, sign: ticket.sign } };
}

async function sandboxWithOurKey(): Promise<Supplier> {
  const link = await openLink('sandbox', {});
  const { body: csr } = await requestCsr(link.registration.ref);
  const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
  await authorizeService(emulator(), 'sandbox', link.registration.cuit, csr.alias);
  // The authority down first: the failure is logged, next to the key we just opened.
  const down = await withEnv({ AR_EMULATOR_URL: `http://127.0.0.1:${await closedPort()}` }, () =>
    upload(link.registration.ref, { certificate }),
  );
  expect(down.body.code).toBe('authority_unavailable');
  expect((await upload(link.registration.ref, { certificate })).status).toBe(200);
  const { opened, ticket } = await openedCredential(link.registration.entryId);
  return { ...link, alias: csr.alias, privateKeyPem: opened.privateKeyPem, ticket };
}

async function liveWithOwnEncryptedKey(): Promise<Supplier> {
  const link = await openLink('live', { secret: GIVEN_WEBHOOK_SECRET });
  const key = testKey('rsa', { slot: 'secrets-live' });
  const alias = 'secretos';
  const certificate = await issueFromCsr(
    emulator(),
    'live',
    alias,
    makeCsr({ key, cuit: link.registration.cuit, alias }).pem,
  );
  await authorizeService(emulator(), 'live', link.registration.cuit, alias);
  const uploadedKeyPem = encryptPkcs8(key, PASSWORD);
  const wrong = await upload(link.registration.ref, { certificate, key: uploadedKeyPem, password: `${PASSWORD}x` });
  expect(wrong.body.code).toBe('key_password_invalid');
  expect((await upload(link.registration.ref, { certificate, key: uploadedKeyPem, password: PASSWORD })).status).toBe(
    200,
  );
  expect((await getPointsOfSale(link.registration.ref)).status).toBe(200);
  const { ticket } = await openedCredential(link.registration.entryId);
  return {
    ...link,
    alias,
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    uploadedKeyPem,
    ticket,
  };
}

/** Each secret that may appear nowhere, by name, in the forms it could take. */
function hiddenSecrets(): [string, string][] {
  return suppliers
    .flatMap(({ registration: { environment }, privateKeyPem, uploadedKeyPem, ticket }) => {
      const key = createPrivateKey(privateKeyPem);
      const body = pemBody(privateKeyPem);
      return [
        [`${environment} private key (PKCS#8)`, body],
        [`${environment} private key, first 40 base64 characters`, body.slice(0, 40)],
        [`${environment} private key (PKCS#1)`, pemBody(key.export({ type: 'pkcs1', format: 'pem' }).toString())],
        [`${environment} private exponent (JWK d)`, key.export({ format: 'jwk' }).d!],
        ...(uploadedKeyPem
          ? [[`${environment} encrypted key as uploaded`, pemBody(uploadedKeyPem)] as [string, string]]
          : []),
        [`${environment} WSAA token`, ticket.token],
        [`${environment} WSAA sign`, ticket.sign],
      ] as [string, string][];
    })
    .concat([
      ['key password', PASSWORD],
      ['key password (its ASCII part)', PASSWORD_MARK],
    ]);
}

/** Private keys, passwords and tickets nowhere; API keys and webhook secrets only in the response that made each. */
async function expectSecretsContained() {
  const places = {
    database: squeeze(await databaseText()),
    responses: squeeze(responses.join('\n')),
    logs: squeeze(logs.text()),
  };
  // The scan sees what it should: the public certificate is stored, the uploads' answers are there, the outage was logged.
  expect(places.database).toContain(
    pemBody((await getActiveCredential(suppliers[0]!.registration.entryId))!.certificatePem),
  );
  expect(places.responses).toContain('"status":"Registered"');
  expect(places.logs).toContain('authoritycheckfailed');

  const found = hiddenSecrets().flatMap(([name, secret]) =>
    Object.entries(places)
      .filter(([, text]) => text.includes(squeeze(secret)))
      .map(([where]) => `${name} in ${where}`),
  );
  expect(found).toEqual([]);

  for (const { apiKey, webhookSecret } of suppliers) {
    for (const secret of [apiKey, webhookSecret]) {
      expect(places.database.includes(secret) || places.logs.includes(secret)).toBe(false);
    }
    const showingKey = responses.filter((text) => text.includes(apiKey));
    expect(showingKey.map((text) => JSON.parse(text).api_key)).toEqual([apiKey]); // the workspace's creation only
    const showingSecret = responses
      .filter((text) => text.includes(webhookSecret))
      .map((text) => JSON.parse(text).webhook?.secret);
    expect(showingSecret).toEqual(webhookSecret === GIVEN_WEBHOOK_SECRET ? [] : [webhookSecret]); // a generated one, on creation only
  }
}

/** Each supplier's sealed key and cached ticket open, a new WSAA login (for `service`) works, and its workflow's webhook signs. */
async function expectRegistrationsWork(service: AuthorityService) {
  for (const supplier of suppliers) {
    const { registration } = supplier;
    const { opened, ticket } = await openedCredential(registration.entryId);
    expect(opened.privateKeyPem).toBe(supplier.privateKeyPem);
    expect(ticket).toEqual(supplier.ticket);
    expect((await getPointsOfSale(registration.ref)).status).toBe(200);
    await authorizeService(emulator(), registration.environment, registration.cuit, supplier.alias, service);
    expect((await authorityTicket(opened, service)).source).toBe('login');

    const seen = receiver.deliveries.length;
    const entry = await createSupplier(supplier.apiKey);
    await startRegistration({ ...registration, entryId: entry.id, cuit: entry.data.tax_id.code });
    await drainAll();
    const [delivery] = receiver.deliveries.slice(seen);
    expect(verify(supplier.webhookSecret, delivery!)).toMatchObject({
      event: 'registration.link_created',
      silo_entry_id: entry.id,
    });
  }
}

beforeAll(async () => {
  savedKey = process.env.ENCRYPTION_KEY;
  process.env.ENCRYPTION_KEY = OLD_KEY;
  receiver = await startWebhookReceiver();
  await prepareKeys([{ slot: 'secrets-live' }]);
  logs = captureLogs();
  responses = recordResponses();
  suppliers.push(await sandboxWithOurKey(), await liveWithOwnEncryptedKey());
  await drainAll();
});

afterAll(async () => {
  logs?.restore();
  stopRecordingResponses();
  await receiver?.close();
  if (savedKey === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = savedKey;
});

describe('secrets after a sandbox and a live registration', () => {
  it('registered both suppliers and signed their webhooks', () => {
    for (const supplier of suppliers) {
      const events = receiver.deliveries
        .filter((delivery) => delivery.body.includes(supplier.registration.entryId))
        .map((delivery) => (verify(supplier.webhookSecret, delivery) as { event: string }).event);
      // Each refused upload of the scenario (a wrong password, a service not yet authorised) is reported too.
      expect(events[0]).toBe('registration.link_created');
      expect(events.at(-1)).toBe('registration.completed');
      expect(events.slice(1, -1).length).toBeGreaterThan(0);
      expect(new Set(events.slice(1, -1))).toEqual(new Set(['registration.upload_failed']));
    }
  });

  it('keeps keys, passwords and tickets out of every table, response and log line; API keys and webhook secrets out of all but their creation', async () => {
    await expectSecretsContained();
  });

  it('re-encrypts under a new master key: everything works with the old key still listed, and after it is dropped', async () => {
    const db = await getDb();
    const total = (await db.select({ id: secrets.id }).from(secrets)).length;
    expect(
      await db
        .select()
        .from(secrets)
        .where(ne(secrets.keyId, keyIdOf(OLD_KEY))),
    ).toEqual([]);

    process.env.ENCRYPTION_KEY = `${NEW_KEY},${OLD_KEY}`;
    expect(await reencryptAllSecrets()).toEqual({ examined: total, reencrypted: total, unreadable: 0 });
    expect(
      await db
        .select()
        .from(secrets)
        .where(ne(secrets.keyId, keyIdOf(NEW_KEY))),
    ).toEqual([]);
    await expectRegistrationsWork('wsfex');

    // Only the new key opens them now, so the checks above did use the re-sealed secrets.
    process.env.ENCRYPTION_KEY = OLD_KEY;
    await expect(openedCredential(suppliers[0]!.registration.entryId)).rejects.toBeInstanceOf(SecretUnreadableError);

    process.env.ENCRYPTION_KEY = NEW_KEY;
    await expectRegistrationsWork('wsct');
    await expectSecretsContained();
  });
});
