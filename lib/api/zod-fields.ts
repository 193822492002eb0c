// zod issues as the contract's `fields`: one reason per dotted path (`data.tax_id.code`).
import type { z } from 'zod';

export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[base ? `${base}.${key}` : key] ??= 'unknown field';
      continue;
    }
    fields[base || 'body'] ??= issue.message;
  }
  return fields;
}
