import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium, never a downloaded browser (ARCHITECTURE.md "Tests").
const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  // A test that fails once is a bug to fix, not a retry (ADR 0075).
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions }, grep: /@phone/ },
  ],
  webServer: {
    // A fresh embedded database per run, seeded with the demo content on start.
    command: `node scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), SITE_URL: baseURL, LOG_LEVEL: 'warn' },
  },
});
