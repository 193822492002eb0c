// What some domain schemas cannot say in JSON Schema themselves: a CUIT and an origin are normalised by
// transforms (unrepresentable). Kept here so the domain modules stay free of documentation concerns;
// keyed by the schema objects themselves, so nothing is copied. The same both ways (request and
// response), so that a Party reads the same in a create and in the stored entry.
import type { z } from 'zod';
import type { JSONSchema } from 'zod/v4/core';
import { CuitSchema } from '@/lib/ar/cuit';
import { OriginSchema } from '@/lib/transform/workflow-body';

export const ANNOTATIONS = new Map<z.ZodType, JSONSchema.BaseSchema>([
  [
    CuitSchema,
    {
      type: 'string',
      description:
        'CUIT: 11 digits with a valid check digit. Hyphens, dots and spaces are accepted and removed: stored and answered as 11 digits',
      examples: ['30712345671', '30-71234567-1'],
    },
  ],
  [
    OriginSchema,
    {
      type: 'string',
      maxLength: 300,
      description: 'An origin: scheme, host and optional port, no path',
      examples: ['https://console.example.com'],
    },
  ],
]);
