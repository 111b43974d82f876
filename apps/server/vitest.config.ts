import { defineProject } from 'vitest/config';
import { moduleMockingSuites, serverTest } from './vitest.shared.ts';

/**
 * The server's suites but those that mock a module (vitest.mocking.config.ts runs them). They share each
 * fork's module registry: importing the app (Fastify, every feature, the providers) costs a suite more than
 * its tests do, and with a registry per suite that import ran once per file. Suites keep no state in
 * modules: each builds its own app and database, and a faked clock is given back when its test ends.
 */
export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: moduleMockingSuites,
    isolate: false,
  },
});
