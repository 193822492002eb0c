// CUIT (Clave Única de Identificación Tributaria): 11 digits, a two-digit type prefix and a mod-11
// check digit over the first ten with weights 5,4,3,2,7,6,5,4,3,2. No zod here: the wizard's first
// screen formats CUITs, and its JavaScript must stay small (the schema is in cuit.ts).

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** People: 20, 23, 24, 27. Companies: 30, 33, 34. */
export const CUIT_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'] as const;

export type CuitProblem = 'format' | 'prefix' | 'check_digit';

/** Removes the hyphens, dots and spaces people write CUITs with. */
export function normalizeCuit(input: string): string {
  return input.replace(/[\s.\-‐-―]/g, '');
}

/** The check digit for the first ten digits, or undefined where none exists (a remainder of 10). */
export function cuitCheckDigit(firstTen: string): number | undefined {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(firstTen[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return undefined;
  return digit;
}

export function cuitProblem(cuit: string): CuitProblem | undefined {
  if (!/^\d{11}$/.test(cuit)) return 'format';
  if (!(CUIT_PREFIXES as readonly string[]).includes(cuit.slice(0, 2))) return 'prefix';
  if (cuitCheckDigit(cuit.slice(0, 10)) !== Number(cuit[10])) return 'check_digit';
  return undefined;
}

export const isValidCuit = (input: string) => cuitProblem(normalizeCuit(input)) === undefined;

/** `30712345671` → `30-71234567-1`. */
export function formatCuit(cuit: string): string {
  const digits = normalizeCuit(cuit);
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** Completes ten digits into a valid CUIT (demo data and tests). */
export function withCheckDigit(firstTen: string): string | undefined {
  const digit = cuitCheckDigit(firstTen);
  return digit === undefined ? undefined : `${firstTen}${digit}`;
}
