// Guessing secrets is throttled: wrong credentials count against the client address and against what
// they present (an app's client_id, a token's shown prefix, the admin token). Past the limit, 429
// rate_limited with Retry-After, before the credential is even looked at, so a right guess there is
// refused too; right credentials count nothing, and a key validated a moment ago is not held back.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as workspacesRoute from '@/app/access/v1/workspaces/route';
import * as appsRoute from '@/app/access/v1/apps/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as authorizeRoute from '@/app/access/v1/enrollment/authorize/route';
import * as sessionRoute from '@/app/console/session/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import { resetRateLimits } from '@/lib/api/rate-limit';
import { digest } from '@/lib/access/tokens';
import { getDb } from '@/lib/db/client';
import { apiKeys } from '@/lib/db/schema';
import { call, type CallResult } from '@/tests/support/call';
import { createWorkspace } from '@/tests/support/scenario';

beforeAll(() => {
  process.env.RATE_LIMITS = 'on';
});
afterAll(() => {
  process.env.RATE_LIMITS = 'off';
});
beforeEach(() => resetRateLimits());

/** Failures one identifier may have (10 in 10 minutes), and one address (100). */
const PER_IDENTIFIER = 10;
const PER_ADDRESS = 100;

let addresses = 0;
/** A client address of this test's own. */
const freshAddress = () => `203.0.113.${++addresses}`;
const from = (address: string) => ({ 'x-forwarded-for': address });
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const randomPart = () => randomBytes(32).toString('base64url');
/** Another secret with the same shown prefix (`sk_test_AbCd`, `enr_AbCd`): a guess at that credential. */
const sameIdentifier = (secret: string) =>
  `${secret.slice(0, secret.startsWith('enr_') ? 8 : 12)}${randomPart().slice(4)}`;

async function appWithEnrollment() {
  const workspace = await createWorkspace();
  const app = await call(appsRoute.POST, { token: workspace.api_key, body: { name: 'ERP' } });
  const enrollment = await call(connectRoute.POST, { token: workspace.api_key, params: { app_id: app.body.id } });
  const { client_id, client_secret } = app.body as { client_id: string; client_secret: string };
  return { workspace, app: { client_id, client_secret }, enrollmentId: enrollment.body.id as string };
}

const authorize = (body: Record<string, string>, address: string) =>
  call(authorizeRoute.POST, { body, headers: from(address) });
const listEntries = (token: string, address: string) => call(entriesRoute.GET, { token, headers: from(address) });
const signIn = (apiKey: string, address: string) =>
  call(sessionRoute.POST, { body: { api_key: apiKey }, headers: { ...SAME_ORIGIN, ...from(address) } });
const createWorkspaceAs = (token: string, address: string) =>
  call(workspacesRoute.POST, { token, body: { name: 'X', sandbox: true }, headers: from(address) });

interface Credential {
  /** A wrong guess at one credential (the same identifier each time). */
  wrong: (address: string) => Promise<CallResult>;
  /** That credential, right. */
  right: (address: string) => Promise<CallResult>;
  /** A wrong guess at another credential: another identifier. */
  other: (address: string) => Promise<CallResult>;
  refusal: string;
  accepted: number;
}

const CREDENTIALS: [string, () => Promise<Credential>][] = [
  [
    "an app's client_secret (enrollment/authorize, per client_id)",
    async () => {
      const { app, enrollmentId } = await appWithEnrollment();
      const other = await appWithEnrollment();
      return {
        wrong: (address) =>
          authorize({ client_id: app.client_id, client_secret: `cs_${randomPart()}`, id: enrollmentId }, address),
        right: (address) => authorize({ ...app, id: enrollmentId }, address),
        other: (address) =>
          authorize(
            { client_id: other.app.client_id, client_secret: `cs_${randomPart()}`, id: other.enrollmentId },
            address,
          ),
        refusal: 'invalid_client',
        accepted: 200,
      };
    },
  ],
  [
    'a workspace API key at console sign-in (per key prefix)',
    async () => {
      const [{ api_key: key }, { api_key: otherKey }] = [await createWorkspace(), await createWorkspace()];
      return {
        wrong: (address) => signIn(sameIdentifier(key), address),
        right: (address) => signIn(key, address),
        other: (address) => signIn(sameIdentifier(otherKey), address),
        refusal: 'unauthorized',
        accepted: 200,
      };
    },
  ],
  [
    'a workspace API key as a Bearer token (per key prefix)',
    async () => {
      const [{ api_key: key }, { api_key: otherKey }] = [await createWorkspace(), await createWorkspace()];
      return {
        wrong: (address) => listEntries(sameIdentifier(key), address),
        right: (address) => listEntries(key, address),
        other: (address) => listEntries(sameIdentifier(otherKey), address),
        refusal: 'unauthorized',
        accepted: 200,
      };
    },
  ],
  [
    'an enrollment token as a Bearer token (per token prefix)',
    async () => {
      const tokenOf = async () => {
        const { app, enrollmentId } = await appWithEnrollment();
        return (await authorize({ ...app, id: enrollmentId }, freshAddress())).body.token as string;
      };
      const [token, otherToken] = [await tokenOf(), await tokenOf()];
      return {
        wrong: (address) => listEntries(sameIdentifier(token), address),
        right: (address) => listEntries(token, address),
        other: (address) => listEntries(sameIdentifier(otherToken), address),
        refusal: 'unauthorized',
        accepted: 200,
      };
    },
  ],
  [
    'the admin token (POST /access/v1/workspaces)',
    async () => ({
      wrong: (address) => createWorkspaceAs(`wrong-${randomPart()}`, address),
      right: (address) => createWorkspaceAs(process.env.ADMIN_TOKEN!, address),
      // There is one admin token: a guess at anything else, from the same address, is a Bearer key's.
      other: (address) => listEntries(`sk_test_${randomPart()}`, address),
      refusal: 'unauthorized',
      accepted: 201,
    }),
  ],
];

function expectLockedOut(result: CallResult) {
  expect(result.status).toBe(429);
  expect(result.body).toEqual({
    code: 'rate_limited',
    message: expect.stringMatching(/^Too many failed attempts; try again in \d+ s\.$/),
  });
  const wait = Number(result.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(600);
}

describe.each(CREDENTIALS)('guessing %s', (_, make) => {
  it(`answers 429 after ${PER_IDENTIFIER} wrong guesses at one credential, even to the right one and from elsewhere`, async () => {
    const credential = await make();
    const guesser = freshAddress();
    for (let i = 0; i < PER_IDENTIFIER; i++) {
      const result = await credential.wrong(guesser);
      expect(result.status).toBe(401);
      expect(result.body.code).toBe(credential.refusal);
    }
    expectLockedOut(await credential.wrong(guesser));
    // The lockout is the credential's: the right secret is refused too, from any address...
    expectLockedOut(await credential.right(freshAddress()));
    // ...while the guesser's address may still present (and get wrong) other credentials.
    expect((await credential.other(guesser)).status).toBe(401);
  });

  it('counts nothing for right answers: 150 of them from one address all succeed', async () => {
    const credential = await make();
    const address = freshAddress();
    for (let i = 0; i < 150; i++) expect((await credential.right(address)).status).toBe(credential.accepted);
    expect((await credential.wrong(address)).status).toBe(401);
  });
});

/** Guesses that each name a credential of their own, so that only the address's count fills up. */
const SPRAYED: ((address: string) => Promise<CallResult>)[] = [
  (address) => listEntries(`sk_test_${randomPart()}`, address),
  (address) => listEntries(`enr_${randomPart()}`, address),
  (address) => listEntries(`not-even-a-token-${randomPart()}`, address),
  (address) => signIn(`sk_live_${randomPart()}`, address),
  (address) =>
    authorize({ client_id: `app_${randomPart()}`, client_secret: `cs_${randomPart()}`, id: randomPart() }, address),
];

describe('one address guessing at many credentials', () => {
  it(`is locked out after ${PER_ADDRESS} failures of any kind; other addresses and keys in use are not`, async () => {
    const [{ api_key: inUse }, { api_key: fresh }] = [await createWorkspace(), await createWorkspace()];
    const guesser = freshAddress();
    expect((await listEntries(inUse, guesser)).status).toBe(200); // validated before the lockout
    for (let i = 0; i < PER_ADDRESS; i++) expect((await SPRAYED[i % SPRAYED.length]!(guesser)).status).toBe(401);
    for (const guess of SPRAYED) expectLockedOut(await guess(guesser));
    // A key this process found valid a moment ago is not held back (the hot path consults no counter)...
    expect((await listEntries(inUse, guesser)).status).toBe(200);
    // ...but a key not seen yet is refused from there before it is looked at, and works from elsewhere.
    expectLockedOut(await listEntries(fresh, guesser));
    expect((await listEntries(fresh, freshAddress())).status).toBe(200);
    expect((await listEntries(`sk_test_${randomPart()}`, freshAddress())).status).toBe(401);
  });

  it('never puts a key first seen during a lockout into the key cache', async () => {
    const { api_key: key } = await createWorkspace();
    const guesser = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) await SPRAYED[0]!(guesser);
    expectLockedOut(await listEntries(key, guesser));
    // Revoked now: had the refused call cached it, it would still open the workspace for 30 s.
    await (await getDb())
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.keyHash, digest(key)));
    await resetRateLimits();
    expect((await listEntries(key, guesser)).status).toBe(401);
  });
});
