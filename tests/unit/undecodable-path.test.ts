import { describe, expect, it } from 'vitest';
import { decodesCleanly } from '@/lib/server/undecodable-path';

describe('paths whose percent-encoding Next cannot decode', () => {
  it.each([
    ['/reg/AbC-_09', true],
    ['/silo/v1/entries/%20x', true],
    ['/reg/%C3%B1and%C3%BA', true], // ñandú
    ['/reg/%00', true], // decodes (to NUL): the handlers' own checks refuse it
    ['/x/%25E0', true],
    ['/gov-ar/v1/registrations/%E0%A4%A', false], // a sequence cut short
    ['/reg/%', false],
    ['/reg/%zz', false],
    ['/reg/%C0%AF', false], // an overlong encoding of '/'
    ['/reg/%ED%A0%80', false], // a UTF-16 surrogate
    ['/reg/%FF', false],
  ])('%s decodes: %s', (pathname, expected) => {
    expect(decodesCleanly(pathname)).toBe(expected);
  });
});
