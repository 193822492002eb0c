// The console says things in words (issue 31): job steps, meta records and their values, the supplier's
// progress with the facts of its link (opened, uploads, the newest refusal), one spelling of "authorize".
import { describe, expect, it } from 'vitest';
import { isStuck, PENDING_WORDS, progressLine, WIZARD_STEP_WORDS } from '@/lib/console/registration-record';
import { recordTitle, stepWords, valueLines } from '@/lib/console/step-words';
import type { SupplierEntry } from '@/lib/console/types';

const time = (iso: string) => `at ${iso.slice(0, 10)}`;

function supplier(status: string, value?: Record<string, unknown>): SupplierEntry {
  return {
    id: 'e',
    owner_id: 'o',
    folder: 'suppliers',
    status,
    data: { name: 'Ñandú S.A.', tax_id: { country: 'AR', code: '30712345671' } },
    meta: value
      ? [{ id: 'm', src: 'gov-ar', key: 'registration', value } as unknown as SupplierEntry['meta'][number]]
      : [],
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  } as SupplierEntry;
}

describe('the console in words', () => {
  it('names every step of both templates, never by its technical name', () => {
    for (const name of [
      'silo.status.processing',
      'gov-ar.register',
      'webhook.send',
      'gov-ar.wait.authorization',
      'silo.status.registered',
      'silo.status.error',
      'gov-ar.send',
      'gov-ar.pdf',
      'silo.status.sent',
    ]) {
      expect(stepWords(name)).not.toContain('.');
      expect(stepWords(name)).toMatch(/^[A-Z]/);
    }
    expect(stepWords('gov-ar.wait.authorization')).toBe("Wait for the supplier's certificate");
    expect(stepWords('acme.do-thing')).toBe('Acme do thing');
  });

  it("turns a record's value into labelled lines, times formatted, nothing raw", () => {
    expect(recordTitle('registration')).toBe("The supplier's progress");
    const lines = valueLines(
      {
        step: 'upload',
        pending: ['certificate', 'service_authorization'],
        link_opened_at: '2026-11-27T10:00:00.000Z',
        upload_attempts: 2,
        last_failed_upload: {
          code: 'key_mismatch',
          message: 'The key is not this certificate’s.',
          at: '2026-11-27T11:00:00.000Z',
        },
      },
      time,
    );
    expect(lines).toEqual([
      { label: 'Step', text: 'upload' },
      { label: 'Pending', text: 'Certificate, Service authorization' },
      { label: 'Link opened at', text: 'at 2026-11-27' },
      { label: 'Upload attempts', text: '2' },
      { label: 'Last failed upload, code', text: 'key_mismatch' },
      { label: 'Last failed upload, message', text: 'The key is not this certificate’s.' },
      { label: 'Last failed upload, at', text: 'at 2026-11-27' },
    ]);
    expect(lines.map((line) => line.text).join()).not.toMatch(/[{}"]/);
  });

  it('spells "authorize" one way, as the wizard does', () => {
    const words = [...Object.values(PENDING_WORDS), ...Object.values(WIZARD_STEP_WORDS)].join(' ');
    expect(words).toContain('authorize');
    expect(words).not.toMatch(/authoris/);
  });

  it('says in the list where the supplier is and why, and which registrations are stuck', () => {
    const base = { step: 'company', updated_at: '2026-11-27T10:00:00.000Z', pending: ['certificate'] };
    const neverOpened = supplier('Processing', { ...base, link_opened_at: null, upload_attempts: 0 });
    expect(progressLine(neverOpened)).toBe('Link not opened yet');
    expect(isStuck(neverOpened)).toBe(true);

    const refused = supplier('Processing', {
      ...base,
      step: 'upload',
      link_opened_at: '2026-11-27T10:01:00.000Z',
      upload_attempts: 9,
      last_failed_upload: { code: 'certificate_untrusted', message: '...', at: '2026-11-27T10:05:00.000Z' },
    });
    expect(progressLine(refused)).toBe('9 uploads tried, last refused: certificate_untrusted');
    expect(isStuck(refused)).toBe(true);

    const moving = supplier('Processing', { ...base, step: 'portal', link_opened_at: '2026-11-27T10:01:00.000Z' });
    expect(progressLine(moving)).toBe('Opened; at create the certificate in the portal');
    expect(isStuck(moving)).toBe(false);

    expect(isStuck(supplier('Registered', { ...base, pending: [], link_opened_at: null }))).toBe(false);
    expect(progressLine(supplier('Empty'))).toBeUndefined();
  });
});
