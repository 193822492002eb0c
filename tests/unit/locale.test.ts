// The page language: the `lang` cookie wins; else English only when the browser's first choice is English.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALE_COOKIE, resolveLocale } from '@/lib/i18n/locale';
import { localeFromParam } from '@/lib/i18n/locales';

describe('resolveLocale', () => {
  it.each([
    [undefined, undefined, 'es-AR'],
    [undefined, '', 'es-AR'],
    [undefined, 'en', 'en'],
    [undefined, 'en-US,en;q=0.9', 'en'],
    [undefined, 'en-GB', 'en'],
    [undefined, 'EN-us', 'en'],
    [undefined, 'es-AR,es;q=0.9,en;q=0.8', 'es-AR'],
    [undefined, 'es,en-US;q=0.9', 'es-AR'],
    [undefined, 'pt-BR,en;q=0.5', 'es-AR'],
    [undefined, 'fr;q=0.5,en;q=0.9', 'en'], // the highest weight is the first preference
    [undefined, 'en;q=0,es', 'es-AR'], // q=0 means "not this"
    [undefined, '*', 'es-AR'],
    [undefined, 'eng', 'es-AR'],
    ['en', 'es-AR', 'en'],
    ['es-AR', 'en-US', 'es-AR'],
    ['es-ar', 'en-US', 'es-AR'],
    ['fr', 'en-US', 'en'], // an unknown cookie value is ignored
    ['', 'en', 'en'],
  ])('cookie %j with Accept-Language %j is %s', (cookie, acceptLanguage, expected) => {
    expect(resolveLocale(cookie, acceptLanguage)).toBe(expected);
  });

  it('defaults to Spanish (Argentina) under the cookie `lang`', () => {
    expect(DEFAULT_LOCALE).toBe('es-AR');
    expect(LOCALE_COOKIE).toBe('lang');
  });
});

describe("a link's ?lang=", () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['es', 'es-AR'],
    ['es-AR', 'es-AR'],
    [' es-ar ', 'es-AR'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%s opens the page in %s', (param, expected) => {
    expect(localeFromParam(param)).toBe(expected);
  });
});
