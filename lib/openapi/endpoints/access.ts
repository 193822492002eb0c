// access/v1: workspaces, apps and enrollment tokens.
import { AppBody, AppIdParams, AuthorizeBody, WorkspaceBody } from '@/lib/access/schemas';
import { AuthorizedEnrollment, CreatedApp, CreatedWorkspace, Enrollment } from '@/lib/responses/access';
import { answer, jsonBody, type Endpoint } from '@/lib/openapi/types';

export const ACCESS_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/access/v1/workspaces',
    operationId: 'createWorkspace',
    tag: 'Access',
    auth: 'admin',
    summary: 'Create a workspace and its API key',
    description: 'Enabled only when the server has ADMIN_TOKEN. The API key is shown once, in this answer.',
    body: jsonBody(WorkspaceBody),
    responses: { 201: answer(CreatedWorkspace, 'The workspace, with its API key') },
  },
  {
    method: 'post',
    path: '/access/v1/apps',
    operationId: 'createApp',
    tag: 'Access',
    auth: 'workspace',
    summary: "Create an integrator's app",
    description: 'The client secret is shown once, in this answer, and stored only as a hash.',
    body: jsonBody(AppBody),
    responses: { 201: answer(CreatedApp, 'The app, with its client credentials') },
  },
  {
    method: 'post',
    path: '/access/v1/apps/{app_id}/connect',
    operationId: 'connectApp',
    tag: 'Access',
    auth: 'workspace',
    summary: 'Connect an app to this workspace',
    description:
      'Idempotent. `gov-ar` is the built-in Argentina app, which registration workflows need. An enrollment that was disabled stays disabled: connecting again answers 403.',
    params: AppIdParams,
    notFound: 'app_not_found',
    errors: ['enrollment_disabled'],
    responses: { 200: answer(Enrollment, "The app's enrollment for this workspace") },
  },
  {
    method: 'post',
    path: '/access/v1/enrollment/authorize',
    operationId: 'authorizeEnrollment',
    tag: 'Access',
    auth: 'optional',
    summary: "Trade an app's client credentials for an enrollment token",
    description:
      '`id` or `owner_id` picks the enrollment. `owner_id` without a workspace bearer token is accepted only from an app that workspace created.',
    body: jsonBody(AuthorizeBody),
    errors: ['invalid_client', 'forbidden', 'enrollment_not_found', 'enrollment_disabled'],
    responses: { 200: answer(AuthorizedEnrollment, 'The enrollment, with a token valid until token_expires') },
  },
];
