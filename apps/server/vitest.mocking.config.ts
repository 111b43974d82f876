import { defineProject } from 'vitest/config';
import { moduleMockingSuites, serverTest } from './vitest.shared.ts';

/** The server suites that mock a module, each with a module registry of its own (see vitest.shared.ts). */
export default defineProject({
  test: { ...serverTest, name: 'server-mocking', include: moduleMockingSuites },
});
