import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end specs: the built web app (scripts/serve-web.mjs) in Debian's Chromium against a
 * fresh in-memory sandbox with a short access-token lifetime, on ports of their own so that a
 * running `npm start` does not interfere.
 */
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 8797);
const webPort = Number(process.env.E2E_WEB_PORT ?? 5183);
/** Access-token lifetime of the e2e sandbox, in seconds; specs wait past it. */
export const E2E_ACCESS_TOKEN_TTL_S = 4;
/**
 * The admin key of the e2e sandbox's `/_sandbox/*` controls and pages: `SANDBOX_ADMIN_KEY` if the
 * run sets one, else made once here; the test workers inherit it (e2e/sandbox.ts sends it).
 */
process.env.SANDBOX_ADMIN_KEY ||= `e2e-${randomBytes(18).toString('base64url')}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${webPort}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node_modules/.bin/tsx src/main.ts',
      cwd: './apps/sandbox',
      url: `http://127.0.0.1:${sandboxPort}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DATA_DIR: ':memory:',
        ACCESS_TOKEN_TTL_S: String(E2E_ACCESS_TOKEN_TTL_S),
        // The links of the sandbox's emails (reset, magic link, confirmation) open the e2e web app.
        SANDBOX_WEB_URL: `http://127.0.0.1:${webPort}`,
        SANDBOX_ADMIN_KEY: process.env.SANDBOX_ADMIN_KEY,
      },
    },
    {
      command: 'node scripts/serve-web.mjs',
      url: `http://127.0.0.1:${webPort}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        WEB_PORT: String(webPort),
        API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
      },
    },
  ],
});
