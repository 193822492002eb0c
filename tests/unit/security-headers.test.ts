// The page security headers: a nonce-only script policy, framing by default refused, and HSTS (with
// upgrade-insecure-requests) only when the operator runs in production.
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, pageSecurityHeaders, STRICT_TRANSPORT_SECURITY } from '@/lib/server/security-headers';

const saved = process.env.APP_ENV;
afterEach(() => {
  if (saved === undefined) delete process.env.APP_ENV;
  else process.env.APP_ENV = saved;
});

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d]));

describe('contentSecurityPolicy', () => {
  it('lets only scripts with the nonce run, and nothing frame the page unless told', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc' }));
    expect(policy['script-src']).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy['object-src']).toBe("object-src 'none'");
    expect(policy['base-uri']).toBe("base-uri 'self'");
    expect(policy['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(policy['default-src']).toBe("default-src 'self'");
  });

  it('lets us and the given origins frame a registration page', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'n', frameAncestors: ['https://erp.example.com'] }));
    expect(policy['frame-ancestors']).toBe("frame-ancestors 'self' https://erp.example.com");
  });
});

describe('pageSecurityHeaders', () => {
  it('adds HSTS and upgrade-insecure-requests in production only', () => {
    process.env.APP_ENV = 'development';
    expect(pageSecurityHeaders({ nonce: 'n' })['strict-transport-security']).toBeUndefined();
    expect(pageSecurityHeaders({ nonce: 'n' })['content-security-policy']).not.toContain('upgrade-insecure-requests');
    process.env.APP_ENV = 'production';
    const headers = pageSecurityHeaders({ nonce: 'n' });
    expect(headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
