// Where the console's pages are.
export const CONSOLE_PATHS = {
  home: '/console',
  signIn: '/console/sign-in',
  configuration: '/console/configuration',
  invoices: '/console/invoices',
  supplier: (id: string) => `/console/suppliers/${encodeURIComponent(id)}`,
  embed: (id: string) => `/console/suppliers/${encodeURIComponent(id)}/embed`,
} as const;
