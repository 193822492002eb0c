// Abuse of the public link endpoints: per-ref and per-address rate limits (429 with Retry-After),
// refs that cannot be told apart from answers (an unknown and a used link answer alike in shape and
// time), and bodies past the size limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as registrationRoute from '@/app/gov-ar/v1/registrations/[ref]/route';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import { enforceRateLimits, resetRateLimits } from '@/lib/api/rate-limit';
import { newRef } from '@/lib/ids';
import { call } from '../support/call';
import { readyWorkspace } from '../support/scenario';
import { completeRegistration, getPointsOfSale, getRegistration, openRegistration, upload, useEmulator } from '../support/registration';

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

  it('refills over time and takes nothing from a refused request', () => {
    const rule = { key: 'test-refill', perMinute: 60 };
    const start = 1_000_000;
    for (let i = 0; i < 60; i++) enforceRateLimits([rule], start);
    expect(() => enforceRateLimits([rule], start)).toThrow(expect.objectContaining({ code: 'rate_limited' }));
    expect(() => enforceRateLimits([rule], start + 999)).toThrow();
    expect(() => enforceRateLimits([rule], start + 1000)).not.toThrow();
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
    const huge = { folder: 'suppliers', data: { name: 'x'.repeat(1024 * 1024), tax_id: { country: 'AR', code: '30712345671' } } };
    const answer = await call(entriesRoute.POST, { token: apiKey, body: huge });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
    expect((await call(entriesRoute.GET, { token: apiKey })).body.list).toHaveLength(0);
  });

  it('refuses an oversized progress body on a link', async () => {
    const registration = await openRegistration();
    const answer = await call(progressRoute.PUT, { method: 'PUT', params: { ref: registration.ref }, body: { step: 'company', company: { name: 'x'.repeat(1024 * 1024 + 10) } } });
    expect(answer.status).toBe(413);
  });
});
