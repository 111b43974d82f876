import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one server and one Chromium per file, two files at a time. A journey spends much of
 * its time waiting on the page (network idle, a chart's animation, a poll), so on the 2-core machine two
 * files keep both cores busy where one left them idle; the journeys wait on what the user sees, never a
 * fixed time, so a shared core slows them without failing them.
 */
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    maxWorkers: 2,
    // Names the run so the journeys' servers start from databases seeded once per run (testing/database.ts).
    globalSetup: ['../apps/server/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    // A suite's server seeds its demo library in the hook, beside the other file's journeys.
    hookTimeout: 240_000,
  },
});
