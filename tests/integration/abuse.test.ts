// Abuse of the public link endpoints: per-ref and per-address rate limits (429 with Retry-After), on
// the API and on the wizard's page alike, refs that cannot be told apart from answers (an unknown and
// a used link answer alike in shape and time), and bodies past the size limits.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '@/proxy';
import * as registrationRoute from '@/app/gov-ar/v1/registrations/[ref]/route';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import { enforceRateLimits, resetRateLimits } from '@/lib/api/rate-limit';
import { newRef } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { readyWorkspace } from '@/tests/support/scenario';
import {
  completeRegistration,
  getPointsOfSale,
  getRegistration,
  openRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';

const emulator = useEmulator();

beforeAll(() => {
  process.env.RATE_LIMITS = 'on';
});
afterAll(() => {
  process.env.RATE_LIMITS = 'off';
});
beforeEach(() => resetRateLimits());

const fromAddress = (ref: string, address: string) =>
  call(registrationRoute.GET, { params: { ref }, headers: { 'x-forwarded-for': address } });

describe('rate limits on the link endpoints', () => {
  it('answers 429 with Retry-After once a link has had its uploads for the minute, and only for that link', async () => {
    const [limited, other] = [await openRegistration(), await openRegistration()];
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await upload(limited.ref, { certificate: 'not a certificate' }));
    expect(answers.slice(0, 30).every((a) => a.body.code === 'certificate_unreadable')).toBe(true);
    const refused = answers[30]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: expect.stringMatching(/try again in \d+ s/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect((await upload(other.ref, { certificate: 'not a certificate' })).body.code).toBe('certificate_unreadable');
    expect((await getRegistration(limited.ref)).status).toBe(200); // reading it is another allowance
  });

  it('lets a link list its points of sale 10 times a minute (each asks the authority), apart from its other calls', async () => {
    const { ref } = await openRegistration();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await getPointsOfSale(ref)).status);
    expect(statuses).toEqual([...Array(10).fill(409), 429]); // 409: no certificate yet, but the call counts
    expect((await getRegistration(ref)).status).toBe(200);
  });

  /** Calls from one address with fresh refs until it is refused; how many got through. */
  async function callsUntilRefused(forwardedFor: (i: number) => string): Promise<number> {
    for (let i = 0; i < 800; i++) {
      const { status } = await fromAddress(newRef(), forwardedFor(i));
      if (status === 429) return i;
      expect(status).toBe(404);
    }
    return Infinity;
  }

  it('limits one client address across every link, whatever refs it tries', async () => {
    // 600 a minute, plus what refills while the loop runs.
    const through = await callsUntilRefused(() => '203.0.113.7');
    expect(through).toBeGreaterThanOrEqual(600);
    expect(through).toBeLessThan(700);
    expect((await fromAddress(newRef(), '198.51.100.9')).status).toBe(404); // another address is not held back
  });

  it('takes the address the nearest proxy saw (the last X-Forwarded-For entry)', async () => {
    const through = await callsUntilRefused((i) => `10.0.${i >> 8}.${i & 255}, 203.0.113.8`);
    expect(through).toBeLessThan(700);
  });

  it('refills over time and takes nothing from a refused request', async () => {
    const rule = { key: 'test-refill', perMinute: 60 };
    const start = Date.now();
    for (let i = 0; i < 60; i++) await enforceRateLimits([rule], start);
    await expect(enforceRateLimits([rule], start)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(enforceRateLimits([rule], start + 999)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(enforceRateLimits([rule], start + 1000)).resolves.toBeUndefined();
  });
});

describe("rate limits on the wizard's page (/reg/<ref>)", () => {
  /** A page load as the proxy sees it, before anything is rendered. */
  const loadPage = (ref: string, address: string) =>
    proxy(new NextRequest(`http://localhost/reg/${ref}`, { headers: { 'x-forwarded-for': address } }));

  it.each([
    // A page load is a read of its link: it shares the 120 a minute with the link's API reads.
    ['one link, loaded over and over', () => 'the-same-ref-every-time-xx', '203.0.113.20', 120, 130],
    // Trying refs: each unknown ref is fresh, so the address's 600 a minute is what stops it.
    ['fresh refs from one address', () => newRef(), '203.0.113.21', 600, 700],
  ])("%s: refused with 429 and Retry-After past the link's limit", async (_, ref, address, atLeast, below) => {
    let through = 0;
    let refused: Response | undefined;
    for (; through < below; through++) {
      const response = await loadPage(ref(), address);
      if (response.status === 429) {
        refused = response;
        break;
      }
      expect(response.headers.get('content-security-policy')).toContain('nonce-');
    }
    expect(through).toBeGreaterThanOrEqual(atLeast);
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused!.text()).toMatch(/try again in \d+ s/);
    expect((await loadPage(newRef(), '198.51.100.20')).status).not.toBe(429); // another address is not held back
  });

  it('counts page loads and API reads of a link together', async () => {
    // The clock stands still for the burst: the bucket refills one call every 500 ms, and 121 calls made
    // against PostgreSQL on a busy machine take longer than that (what is counted is the subject here).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const ref = newRef();
      for (let i = 0; i < 60; i++) expect((await loadPage(ref, '203.0.113.22')).status).not.toBe(429);
      for (let i = 0; i < 60; i++) expect((await fromAddress(ref, '203.0.113.23')).status).toBe(404);
      expect((await fromAddress(ref, '203.0.113.23')).status).toBe(429);
      expect((await loadPage(ref, '203.0.113.22')).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('link refs cannot be enumerated', () => {
  it('answers an unknown and a used link alike in shape, and in time', async () => {
    const used = await openRegistration();
    await completeRegistration(emulator(), used);
    const timed = async (ref: string) => {
      const started = process.hrtime.bigint();
      const answer = await getRegistration(ref);
      return { answer, ns: Number(process.hrtime.bigint() - started) };
    };
    const unknown: number[] = [];
    const spent: number[] = [];
    for (let i = 0; i < 40; i++) {
      const a = await timed(newRef());
      const b = await timed(used.ref);
      expect(Object.keys(a.answer.body).sort()).toEqual(['code', 'message']);
      expect(Object.keys(b.answer.body).sort()).toEqual(['code', 'message']);
      expect([a.answer.body.code, b.answer.body.code]).toEqual(['link_not_found', 'link_used']);
      unknown.push(a.ns);
      spent.push(b.ns);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1]!;
    const ratio = median(spent) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('request size limits', () => {
  it('refuses a JSON body over 1 MiB with 413 and stores nothing', async () => {
    const { apiKey } = await readyWorkspace();
    const huge = {
      folder: 'suppliers',
      data: { name: 'x'.repeat(1024 * 1024), tax_id: { country: 'AR', code: '30712345671' } },
    };
    const answer = await call(entriesRoute.POST, { token: apiKey, body: huge });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect((await call(entriesRoute.GET, { token: apiKey })).body.list).toHaveLength(0);
  });

  it('refuses an oversized progress body on a link', async () => {
    const registration = await openRegistration();
    const answer = await call(progressRoute.PUT, {
      method: 'PUT',
      params: { ref: registration.ref },
      body: { step: 'company', company: { name: 'x'.repeat(1024 * 1024 + 10) } },
    });
    expect(answer.status).toBe(413);
  });
});
