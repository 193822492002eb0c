// CuitSchema: a CUIT as people write it, validated (the digits themselves are in cuit-digits.ts,
// which browser code imports without pulling zod in).
import { z } from 'zod';
import { CUIT_PREFIXES, cuitProblem, normalizeCuit, type CuitProblem } from '@/lib/ar/cuit-digits';

export * from '@/lib/ar/cuit-digits';

const PROBLEM_MESSAGES: Record<CuitProblem, string> = {
  format: 'a CUIT has 11 digits',
  prefix: `a CUIT starts with ${CUIT_PREFIXES.join(', ')}`,
  check_digit: 'the check digit does not match (mistyped CUIT?)',
};

/** A CUIT as written by a person, normalised to its 11 digits and validated. */
export const CuitSchema = z
  .string()
  .transform(normalizeCuit)
  .superRefine((cuit, ctx) => {
    const problem = cuitProblem(cuit);
    if (problem) ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem] });
  });
