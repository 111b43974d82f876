import { randomBytes } from 'node:crypto';
import { removeRunCopies, TEST_RUN_VARIABLE } from './database';

/**
 * Vitest's global set-up for the suites that open test databases: names the run before any worker starts
 * (workers inherit the environment), so the databases suites start from are made once per run, and
 * removes them when the run ends.
 */
export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env[TEST_RUN_VARIABLE] = run;
  return () => removeRunCopies(run);
}
