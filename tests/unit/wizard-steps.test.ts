// The wizard's step rules (issue 17): a count that does not move with the certificate path, "done" only
// by server facts, the step a URL may open, the company prefill from a GOBL party, and a key pasted where
// the certificate goes (or the reverse).
import { describe, expect, it } from 'vitest';
import { addressLine, companyPrefill } from '@/lib/gov-ar/registration/party-prefill';
import { pendingFor } from '@/lib/gov-ar/registration/registration-record';
import { isStepDone, landingStep, progressSteps, stepsFor } from '@/lib/wizard/steps';
import type { RegistrationView } from '@/lib/wizard/types';
import { misplacedContent } from '@/components/wizard/upload/misplaced-content';

const company = {
  legal_name: 'A S.A.',
  fiscal_address: 'Mitre 1, Salta',
  activity_code: '620100',
  tax_classification: 'exento' as const,
};

function view(overrides: Partial<RegistrationView> = {}): RegistrationView {
  return {
    ref: 'r'.repeat(27),
    environment: 'sandbox',
    supplier: { name: 'A S.A.', tax_id: { country: 'AR', code: '30712345671' } },
    status: 'Processing',
    step: 'company',
    progress: { step: 'company' },
    pending: [],
    prefill: { legal_name: 'A S.A.' },
    services: ['wsfe'],
    renewal: false,
    authorized_services: [],
    allowed_origins: [],
    ...overrides,
  };
}

describe('the steps', () => {
  it('count the same whichever path is chosen; own skips the portal only in navigation', () => {
    expect(progressSteps('sandbox')).toHaveLength(5);
    expect(progressSteps('live')).toHaveLength(6);
    expect(stepsFor('sandbox', 'own')).toEqual(['company', 'path', 'authorize', 'upload', 'done']);
    expect(stepsFor('live', 'generate')).toEqual([
      'company',
      'path',
      'portal',
      'authorize',
      'upload',
      'points_of_sale',
      'done',
    ]);
  });

  it('are done by facts: the portal and the authorisation only once the upload was accepted', () => {
    const seen = {
      company,
      path: 'generate' as const,
      request: {},
      uploaded: false,
      pending: ['certificate', 'service_authorization'] as const,
    };
    expect(
      ['company', 'path', 'portal', 'authorize', 'upload'].map((step) =>
        isStepDone(step as never, { ...seen, pending: [...seen.pending] }),
      ),
    ).toEqual([true, true, false, false, false]);
    expect(isStepDone('points_of_sale', { ...seen, uploaded: true, pending: ['point_of_sale'] })).toBe(false);
    expect(isStepDone('points_of_sale', { ...seen, uploaded: true, pending: [] })).toBe(true);
  });

  it('show the portal and the authorisation done as soon as the portal holds them for our request', () => {
    const facts = {
      company,
      path: 'generate' as const,
      request: {},
      uploaded: false,
      pending: [],
      services: ['wsfe', 'wsfex'],
    };
    const done = (portalRecord?: { certificate_issued: boolean; authorized_services: ('wsfe' | 'wsfex')[] }) =>
      (['portal', 'authorize', 'upload'] as const).map((step) => isStepDone(step, { ...facts, portalRecord }));
    // ARCA's portal cannot be asked: only the upload proves them.
    expect(done(undefined)).toEqual([false, false, false]);
    expect(done({ certificate_issued: false, authorized_services: [] })).toEqual([false, false, false]);
    expect(done({ certificate_issued: true, authorized_services: ['wsfe'] })).toEqual([true, false, false]);
    expect(done({ certificate_issued: true, authorized_services: ['wsfe', 'wsfex'] })).toEqual([true, true, false]);
    // One's own certificate: the portal's record is of our request, not theirs.
    const everything = { certificate_issued: true, authorized_services: ['wsfe' as const, 'wsfex' as const] };
    expect(isStepDone('authorize', { ...facts, path: 'own', portalRecord: everything })).toBe(false);
  });

  it.each([
    ['no step in the URL', undefined, 'portal'],
    ['an earlier step', 'path', 'path'],
    ['the saved step', 'portal', 'portal'],
    ['a later step', 'upload', 'portal'],
    ['the points of sale before the upload', 'points_of_sale', 'portal'],
  ] as const)('open %s where the supplier may be', (_case, requested, expected) => {
    const saved = view({ progress: { step: 'portal', company, path: 'generate' }, csr: { alias: 'a', csr: 'c' } });
    expect(landingStep(saved, requested)).toBe(expected);
  });

  it('after the upload, open only the points of sale or the closing screen', () => {
    const used = view({ environment: 'live', completed: { status: 'Registered', certificate: {} as never } });
    expect(landingStep(used, undefined)).toBe('points_of_sale');
    expect(landingStep(used, 'done')).toBe('done');
    expect(landingStep(used, 'company')).toBe('points_of_sale');
  });
});

describe('pending', () => {
  it('names what the server has not seen done', () => {
    expect(pendingFor({ environment: 'live', companyConfirmed: false, certificateAccepted: false })).toEqual([
      'company',
      'certificate',
      'service_authorization',
      'point_of_sale',
    ]);
    expect(pendingFor({ environment: 'sandbox', companyConfirmed: true, certificateAccepted: true })).toEqual([]);
    expect(
      pendingFor({ environment: 'live', companyConfirmed: false, certificateAccepted: true, pointOfSaleUsable: false }),
    ).toEqual(['point_of_sale']);
    expect(
      pendingFor({ environment: 'live', companyConfirmed: true, certificateAccepted: true, pointOfSaleUsable: true }),
    ).toEqual([]);
    // The portal shows the services authorized before the upload (the emulator can be asked).
    expect(
      pendingFor({
        environment: 'sandbox',
        companyConfirmed: true,
        certificateAccepted: false,
        servicesAuthorized: true,
      }),
    ).toEqual(['certificate']);
  });
});

describe('the company prefill', () => {
  it('takes the name, the first usable address and the first valid email of a GOBL party', () => {
    expect(
      companyPrefill({
        name: 'B S.R.L.',
        tax_id: { country: 'AR', code: '30712345671' },
        addresses: [{ street: '' }, { street: 'Mitre', num: '300', locality: 'Salta', region: 'Salta' }],
        emails: [{ addr: 'nope' }, { addr: 'hola@b.com.ar' }],
      }),
    ).toEqual({ legal_name: 'B S.R.L.', fiscal_address: 'Mitre 300, Salta, Salta', email: 'hola@b.com.ar' });
    // A supplier stored before the store checked GOBL's party shapes may hold anything there.
    const untyped = { name: 'C S.A.', tax_id: { country: 'AR', code: '30712345671' }, addresses: 'x' };
    expect(companyPrefill(untyped as unknown as Parameters<typeof companyPrefill>[0])).toEqual({
      legal_name: 'C S.A.',
    });
    expect(addressLine({ street: 'x'.repeat(400) })).toBeUndefined();
  });
});

describe('misplaced files', () => {
  it.each([
    ['certificate', '-----BEGIN PRIVATE KEY-----\nMII...', 'key_in_certificate'],
    ['certificate', '-----BEGIN RSA PRIVATE KEY-----\nMII...', 'key_in_certificate'],
    ['certificate', '-----BEGIN CERTIFICATE-----\n...\n-----BEGIN PRIVATE KEY-----', undefined],
    ['key', '-----BEGIN CERTIFICATE-----\nMII...', 'certificate_in_key'],
    ['key', '-----BEGIN ENCRYPTED PRIVATE KEY-----', undefined],
    ['certificate', 'hola', undefined],
  ] as const)('in the %s field, %j is %s', (field, content, expected) => {
    expect(misplacedContent(field, content)).toBe(expected);
  });
});
