// The console's session: the workspace API key goes into an httpOnly cookie, which then stands in
// for the bearer token on the public API (see the consoleSession security scheme).
import { ConsoleSessionBody } from '../../console/schemas';
import { ConsoleWorkspace } from '../responses/access';
import { answer, jsonBody, type Endpoint } from '../types';

export const CONSOLE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post', path: '/console/session', operationId: 'openConsoleSession', tag: 'Console', auth: 'none',
    summary: 'Sign the console in with a workspace API key',
    description: "Sets the console's session cookie (httpOnly, SameSite=Strict). Only from the console's own pages.",
    body: jsonBody(ConsoleSessionBody),
    errors: ['unauthorized', 'csrf_rejected'],
    responses: { 200: answer(ConsoleWorkspace, 'The workspace the key opens', { headers: { 'Set-Cookie': 'The session cookie' } }) },
  },
  {
    method: 'delete', path: '/console/session', operationId: 'closeConsoleSession', tag: 'Console', auth: 'none',
    summary: 'Sign the console out',
    errors: ['csrf_rejected'],
    responses: { 204: answer(undefined, 'Signed out', { headers: { 'Set-Cookie': 'Clears the session cookie' } }) },
  },
];
