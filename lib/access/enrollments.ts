// Workspaces, apps and enrollments: the operator making a workspace (its API key is shown only then),
// creating an integrator's app, connecting an app to a workspace, and the authorize operation that trades
// an app's client credentials for an enrollment token.
import { ApiError, notFound } from '@/lib/api/errors';
import type { App } from '@/lib/db/schema';
import { checkCredential, clientIdentifier } from '@/lib/access/guessing-limits';
import { isUuid, isoTime } from '@/lib/ids';
import type { EnrollmentRow } from '@/lib/db/schema';
import type { Caller } from '@/lib/access/caller';
import {
  findOrCreateEnrollment,
  getAppByClientId,
  getAppVisibleTo,
  getEnrollment,
  getWorkspaceById,
  insertApp,
  insertEnrollmentToken,
  insertWorkspace,
} from '@/lib/access/queries';
import { digest, newClientId, newClientSecret, newEnrollmentToken, sameSecret } from '@/lib/access/tokens';
import type {
  AuthorizedEnrollment,
  CreatedApp,
  CreatedWorkspace,
  Enrollment as EnrollmentJson,
} from '@/lib/responses/access';

const ENROLLMENT_TOKEN_SECONDS = 3600;

export async function createWorkspace(body: { name: string; sandbox: boolean }): Promise<CreatedWorkspace> {
  const { workspace, apiKey } = await insertWorkspace(body.name, body.sandbox);
  return { owner_id: workspace.id, name: workspace.name, sandbox: workspace.sandbox, api_key: apiKey };
}

export async function createApp(caller: Caller, name: string): Promise<CreatedApp> {
  const clientSecret = newClientSecret();
  const app = await insertApp({
    ownerId: caller.ownerId,
    name,
    clientId: newClientId(),
    clientSecretHash: digest(clientSecret),
  });
  return { id: app.id, name: app.name, client_id: app.clientId, client_secret: clientSecret };
}

export async function connectApp(caller: Caller, appId: string): Promise<EnrollmentJson> {
  const app = await getAppVisibleTo(appId, caller.ownerId);
  if (!app) throw notFound('app', appId);
  const enrollment = await findOrCreateEnrollment(app.id, caller.ownerId);
  if (enrollment.disabled) throw enrollmentDisabled();
  return presentEnrollment(enrollment, caller.sandbox);
}

const enrollmentDisabled = () => new ApiError('enrollment_disabled', 'This enrollment is disabled.');

export interface AuthorizeRequest {
  client_id: string;
  client_secret: string;
  id?: string;
  owner_id?: string;
}

/**
 * The enrollment is picked by `id`, or by `owner_id`, or by the bearer's workspace. An `owner_id`
 * without a workspace bearer is taken only from a trusted app: one the owner itself created. Wrong
 * client credentials count against the caller's address and the client_id (guessing limits).
 */
export async function authorizeEnrollment(
  request: AuthorizeRequest,
  caller: Caller | undefined,
  address: string,
): Promise<AuthorizedEnrollment> {
  const presenter = { address, identifier: clientIdentifier(request.client_id) };
  const app = await checkCredential(presenter, () => verifiedApp(request.client_id, request.client_secret), {
    lookupOnly: true,
  });
  if (!app) throw new ApiError('invalid_client', 'The client_id or client_secret is wrong.');
  if (caller && request.owner_id && request.owner_id !== caller.ownerId) {
    throw new ApiError('forbidden', 'owner_id names another workspace than the bearer token.');
  }
  const ownerId = request.owner_id ?? caller?.ownerId;
  if (!request.id && !ownerId) {
    throw new ApiError(
      'validation_failed',
      'Say which enrollment: send id or owner_id (or a workspace bearer token).',
      {
        id: 'id or owner_id is required',
      },
    );
  }
  if (request.owner_id && !caller && app.ownerId !== request.owner_id) {
    throw new ApiError('forbidden', "This app is not trusted to act for that owner without the owner's bearer token.");
  }
  const idsWellFormed = [request.id, ownerId].every((value) => value === undefined || isUuid(value));
  const enrollment = idsWellFormed ? await getEnrollment({ id: request.id, appId: app.id, ownerId }) : undefined;
  if (!enrollment) throw notFound('enrollment');
  if (enrollment.disabled) throw enrollmentDisabled();
  const workspace = await getWorkspaceById(enrollment.ownerId);
  const token = newEnrollmentToken();
  const expires = new Date(Date.now() + ENROLLMENT_TOKEN_SECONDS * 1000);
  await insertEnrollmentToken(enrollment.id, token, expires);
  return {
    ...presentEnrollment(enrollment, workspace!.sandbox),
    token,
    token_expires: Math.floor(expires.getTime() / 1000),
  };
}

async function verifiedApp(clientId: string, clientSecret: string): Promise<App | undefined> {
  const app = await getAppByClientId(clientId);
  return app?.clientSecretHash && sameSecret(digest(clientSecret), app.clientSecretHash) ? app : undefined;
}

export function presentEnrollment(enrollment: EnrollmentRow, sandbox: boolean): EnrollmentJson {
  return {
    id: enrollment.id,
    app_id: enrollment.appId,
    owner_id: enrollment.ownerId,
    created_at: isoTime(enrollment.createdAt),
    updated_at: isoTime(enrollment.updatedAt),
    data: enrollment.data,
    disabled: enrollment.disabled,
    sandbox,
  };
}
