// Answers of access/v1 and the console session, as presented by lib/access and lib/console.
import { z } from 'zod';
import { Id, Timestamp } from '@/lib/openapi/responses/common';
import { EntryList } from '@/lib/openapi/responses/silo';

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

/** The console's supplier list: a page of supplier entries as the API lists them, and whose link is still to use. */
export const ConsoleSupplierPage = EntryList.extend({
  open_links: z.array(Id).describe("The listed suppliers whose newest registration link still waits for them (made by their open registration job)"),
  making_links: z.array(Id).describe("The listed suppliers whose open registration job has not made its link yet; any supplier in neither list has no link to send (used, or no longer usable)"),
});
