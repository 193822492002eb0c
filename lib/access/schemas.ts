// Request schemas of access/v1.
import { z } from 'zod';

export const WorkspaceBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  sandbox: z.boolean().default(true),
});

export const AppBody = z.strictObject({ name: z.string().trim().min(1).max(200) });

export const AppIdParams = z.object({ app_id: z.union([z.literal('gov-ar'), z.uuid()]) });

export const AuthorizeBody = z.strictObject({
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(500),
  id: z.string().min(1).max(100).optional(),
  owner_id: z.string().min(1).max(100).optional(),
});
