import { defineConfig } from '@playwright/test';
import { slotCount } from './stack/slots.ts';

/**
 * Real Chromium (Debian's, TOOLCHAIN) against the built host, remotes and the real API. Test files run in parallel,
 * one worker per stack slot (its own API, database and host: stack/slots.ts); a file's tests run in order.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: slotCount,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Each worker's own host: tests/fixtures.ts.
    // A failing test keeps its trace (every action with its DOM before and after) and a screenshot of its last state.
    // Without the trace's screencast: filming every test ran Chromium's compositor and encoder all the time, and took
    // half of the suite's CPU on two cores (settings.spec: 221 s of CPU in 126 s, 116 s in 92 s without it).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The console then leaves antd's motion out (shared/src/ui/login/reducedMotion.ts): a click no longer lands on a
    // dialog still zooming in, as one did under load (its switch 9 × 4 px mid-zoom; the click toggled nothing).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node --import tsx stack/runStack.ts',
    // Every slot's API and host, the shared remotes and the fake broker are up.
    wait: { stdout: /e2e stack ready/ },
    url: 'http://127.0.0.1:4000/api/health',
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
