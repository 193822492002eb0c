// The wizard's words as data (issue 17, points 2, 3, 8, 9): Spanish agreement that holds for any supplier,
// one English (US), the portal's real login, the emulator opened where the registration lives, and a
// renewal that asks to authorize only what its alias lacks.
import { describe, expect, it } from 'vitest';
import { ARCA_LOGIN_URL } from '@/lib/ar/services';
import { en } from '@/lib/i18n/en';
import { esAR } from '@/lib/i18n/es-AR';
import { fill } from '@/lib/i18n/locales';
import { servicesToAuthorize } from '@/lib/wizard/renewal';
import { stepsFor } from '@/lib/wizard/steps';
import type { RegistrationView } from '@/lib/wizard/types';
import { emulatorPortalHref } from '@/components/wizard/emulator-note';

/** Every string of a catalogue, with where it sits. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, path ? `${path}.${key}` : key));
  return [];
}

describe("the wizard's Spanish", () => {
  it('says «esta alta», never «este alta» (alta is feminine; only «el alta» takes the masculine article)', () => {
    expect(strings(esAR).filter(([, text]) => /\beste alta\b/i.test(text))).toEqual([]);
    expect(esAR.registered.heading).toBe('Esta alta ya está completa');
  });

  it('agrees with the registration, not with the supplier, whose name may be a «S.R.L.» or a person', () => {
    const aboutTheSupplier = strings(esAR).filter(([, text]) => text.includes('{name}'));
    expect(aboutTheSupplier.length).toBeGreaterThan(0);
    for (const [, text] of aboutTheSupplier) {
      expect(text).not.toMatch(/\{name\}[^.]*\b(registrad|inscript|habilitad|dad|listo|lista)[oa]s?\b/);
    }
    expect(fill(esAR.registered.lead, { name: 'Panadería Ñandú S.R.L.' })).toBe(
      'El alta de Panadería Ñandú S.R.L. para factura electrónica ya está hecha. Este enlace no se puede volver a usar.',
    );
  });
});

describe("the wizard's English", () => {
  it('is US English throughout, as its dates are', () => {
    const british =
      /\b\w*(authoris|organis|recognis|realis|finalis|summaris|colour|centre|licence|cancell|behaviour|favour)\w*\b/i;
    expect(strings(en).filter(([, text]) => british.test(text))).toEqual([]);
    expect(en.steps.authorize).toBe('Authorize');
  });

  it('keeps the portal labels in Spanish, between «», as the supplier sees them', () => {
    expect(en.authorize.sandbox.confirm).toContain('«Crear autorización de acceso»');
    expect(en.authorize.live.representative).toContain('«Computador Fiscal»');
    expect(en.portal.live.add).toContain('«Agregar alias»');
  });
});

describe('the portal steps', () => {
  it("name the authority's screens as its manuals show them", () => {
    const sandbox = strings(esAR.portal.sandbox)
      .map(([, text]) => text)
      .join(' ');
    expect(sandbox).toContain('«Nombre simbólico del DN»');
    expect(sandbox).toContain('«Crear DN y obtener certificado»');
    const authorize = strings(esAR.authorize.sandbox)
      .map(([, text]) => text)
      .join(' ');
    for (const label of [
      '«Nombre simbólico del DN a autorizar»',
      '«CUIT representado»',
      '«Servicio al que desea acceder»',
      '«Crear autorización de acceso»',
    ]) {
      expect(authorize).toContain(label);
    }
    const live = strings(esAR.portal.live)
      .map(([, text]) => text)
      .join(' ');
    for (const label of ['«Agregar alias»', '«Ver»', '«Descargar»']) expect(live).toContain(label);
    expect(esAR.authorize.live.create).toContain('«Nueva Relación»');
    expect(esAR.authorize.live.representative).toContain('«Computador Fiscal»');
    expect(fill(esAR.portal.enable, { service: esAR.portal.live.service })).toContain('«Adherir servicio»');
    expect(esAR.portal.sandboxRenewal.create).toBe('Elija «Agregar certificado a alias».');
    expect(esAR.portal.liveRenewal.add).toBe('Presione «Agregar certificado».');
  });

  it("link to the portal's Clave Fiscal login", () => {
    expect(new URL(ARCA_LOGIN_URL)).toMatchObject({
      protocol: 'https:',
      host: 'auth.afip.gob.ar',
      pathname: '/contribuyente_/login.xhtml',
    });
  });
});

describe("the emulator's link", () => {
  it("opens the registration's environment at the screen the step needs", () => {
    expect(emulatorPortalHref('/emulator', 'live', 'point-of-sale')).toBe('/emulator?environment=live#point-of-sale');
    expect(emulatorPortalHref('/emulator', 'sandbox', 'certificate')).toBe('/emulator?environment=sandbox#certificate');
    expect(emulatorPortalHref('/emulator', 'live')).toBe('/emulator?environment=live');
  });
});

describe('a renewal authorizes only what its alias lacks', () => {
  type Service = RegistrationView['services'][number];
  const view = (renewal: boolean, services: Service[], authorized: Service[]) => ({
    renewal,
    services,
    authorized_services: authorized,
  });

  it.each([
    ['a first registration', view(false, ['wsfe'], []), 'generate', ['wsfe'], []],
    ['a renewal whose alias has every service', view(true, ['wsfe'], ['wsfe']), 'generate', [], ['wsfe']],
    ['a renewal that now also needs wsct', view(true, ['wsfe', 'wsct'], ['wsfe']), 'generate', ['wsct'], ['wsfe']],
    ["a renewal with the supplier's own certificate (any alias)", view(true, ['wsfe'], ['wsfe']), 'own', ['wsfe'], []],
    [
      'a renewal before the path is chosen (our request is the default)',
      view(true, ['wsfe'], ['wsfe']),
      undefined,
      [],
      ['wsfe'],
    ],
  ] as const)('%s', (_, registration, path, missing, authorized) => {
    expect(
      servicesToAuthorize(
        {
          ...registration,
          services: [...registration.services],
          authorized_services: [...registration.authorized_services],
        },
        path,
      ),
    ).toEqual({ missing, authorized });
  });

  it('drops the authorization step when nothing is missing', () => {
    expect(stepsFor('sandbox', 'generate', false)).toEqual(['company', 'path', 'portal', 'upload', 'done']);
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
});
