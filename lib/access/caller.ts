// Who is calling: a workspace (by its API key) or an enrollment (by its token), as every domain function takes it.
export interface Caller {
  ownerId: string;
  sandbox: boolean;
  via: 'api_key' | 'enrollment';
  enrollmentId?: string;
  appId?: string;
}
