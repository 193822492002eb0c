// How each of withApi's auth modes reads as OpenAPI security: every token is a Bearer token, and the
// console's session cookie (a session opened with a workspace API key) stands in for one when no
// Authorization is sent.
import type { AuthMode } from '@/lib/access/authenticate';
import { CONSOLE_COOKIE } from '@/lib/access/console-cookie';

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A workspace API key (sk_...), shown once when the workspace is created.',
  },
  enrollmentToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An enrollment token from POST /access/v1/enrollment/authorize; it acts as that enrollment's workspace until token_expires.",
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The operator's ADMIN_TOKEN (environment); without it, workspace creation is disabled.",
  },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CONSOLE_COOKIE,
    description:
      "The console's session cookie: the random id of a session opened with a workspace API key (POST /console/session). Changes are accepted only from the console's own pages.",
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;
type Requirement = Partial<Record<SecurityScheme, string[]>>;

const workspaceKey: Requirement[] = [{ apiKey: [] }, { consoleSession: [] }];
const anyCaller: Requirement[] = [{ apiKey: [] }, { enrollmentToken: [] }, { consoleSession: [] }];

/** Alternatives, any one of which is enough; `{}` means none is needed. */
export const SECURITY_BY_AUTH: Record<AuthMode, Requirement[]> = {
  none: [],
  admin: [{ adminToken: [] }],
  workspace: workspaceKey,
  caller: anyCaller,
  optional: [...anyCaller, {}],
};

/** Said in words, for the reference page. */
export const AUTH_LABELS: Record<AuthMode, string> = {
  none: 'None',
  admin: 'Admin token (ADMIN_TOKEN)',
  workspace: 'Workspace API key',
  caller: 'Workspace API key or enrollment token',
  optional: 'Optional: workspace API key or enrollment token',
};
