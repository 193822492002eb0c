// Answers of access/v1 and the console session, as presented by lib/access and lib/console.
import { z } from 'zod';
import { Id, Timestamp } from '@/lib/responses/common';

export const CreatedWorkspace = z.strictObject({
  owner_id: Id,
  name: z.string(),
  sandbox: z.boolean(),
  api_key: z.string().describe('The workspace API key: shown only in this answer'),
});

export const CreatedApp = z.strictObject({
  id: Id,
  name: z.string(),
  client_id: z.string(),
  client_secret: z.string().describe('Shown only in this answer; stored as a hash'),
});

export const Enrollment = z.strictObject({
  id: Id,
  app_id: z.string().describe('"gov-ar" for the built-in Argentina app, else the app\'s UUID'),
  owner_id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  data: z.unknown(),
  disabled: z.boolean(),
  sandbox: z.boolean(),
});

export const AuthorizedEnrollment = Enrollment.extend({
  token: z.string().describe('Authenticates API calls as this enrollment (Authorization: Bearer) until token_expires'),
  token_expires: z.int().describe('Unix seconds'),
});

export const ConsoleWorkspace = z.strictObject({ owner_id: Id, name: z.string(), sandbox: z.boolean() });

export type CreatedWorkspace = z.output<typeof CreatedWorkspace>;
export type CreatedApp = z.output<typeof CreatedApp>;
export type Enrollment = z.output<typeof Enrollment>;
export type AuthorizedEnrollment = z.output<typeof AuthorizedEnrollment>;
export type ConsoleWorkspace = z.output<typeof ConsoleWorkspace>;
