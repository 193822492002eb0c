// What the browser tests and playwright.config.ts agree on about the server under test.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's ADMIN_TOKEN, for specs that make their own workspace. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
