import { defineConfig } from 'vitest/config';

/** Browser journeys: one server and one Chromium per file, files one after another (2-core machine). */
export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    fileParallelism: false,
    // Names the run so the journeys' servers start from databases seeded once per run (testing/database.ts).
    globalSetup: ['../apps/server/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
