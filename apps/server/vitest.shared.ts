import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UserWorkspaceConfig } from 'vitest/config';

const sourceDir = path.join(import.meta.dirname, 'src');

/**
 * The suites that replace a module with `vi.mock`. A mock takes effect only for modules imported after
 * it, so such a suite needs a module registry of its own: in a shared one the app's modules are already
 * loaded, with the real module bound, by whichever suite ran before in the same process.
 */
export const moduleMockingSuites: string[] = readdirSync(sourceDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(sourceDir, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** What every server suite runs with, whichever project holds it. */
export const serverTest = {
  // Each suite opens its own database, so suites run in separate forks (two at a time, the root's maxWorkers).
  pool: 'forks',
  globalSetup: ['./src/testing/global-setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
} satisfies UserWorkspaceConfig['test'];
