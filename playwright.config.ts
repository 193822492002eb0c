// Browser tests (tests/e2e) against the built app, started as a user starts it, on Debian's Chromium.
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_BASE_URL as baseURL, E2E_PORT as port } from '@/tests/e2e/support/server';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  forbidOnly: Boolean(process.env.CI),
  // One more try in CI, where the machine's speed varies by 2x from day to day: a test that passes on its
  // second try is reported as flaky (CI's count shows it), and one that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // The json report is what CI counts; PLAYWRIGHT_JSON_OUTPUT_FILE moves it.
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The supplier's browser: Spanish, in Argentina (a spec that tests English asks for it).
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-gpu',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx tests/support/e2e-web-server.ts',
    url: `${baseURL}/utils/v1/ping`,
    reuseExistingServer: false,
    // The first run builds the app.
    timeout: 600_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      PORT: String(port),
      REGISTRATION_URL: baseURL,
      AR_AUTHORITY: 'emulator',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      WEBHOOK_ALLOW_PRIVATE: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
