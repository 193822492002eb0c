// The console's own request schema (signing in); the browser's sign-in form validates with it too.
// Any key that does not open a workspace is a 401, whatever it looks like, so only emptiness is checked.
import { z } from 'zod';

export const ConsoleSessionBody = z.strictObject({
  api_key: z.string().trim().min(1, 'Enter the workspace API key.').max(500, 'This is not a workspace API key.'),
});
export type ConsoleSessionBody = z.output<typeof ConsoleSessionBody>;
