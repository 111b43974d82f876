#!/usr/bin/env node
// The README's test command: lint, type checks, unit and route suites on PGlite, the server suites again
// on PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys against a fresh build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function vitest(name, args, env = {}) {
  const report = path.join(reports, `${name}.json`);
  run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}

/**
 * The server suites that reach a database: a file that opens one (the test app, a test database, a handle) or
 * imports the testing helpers that do (the testing index, its route-suite, factories and seeders, a feature's
 * `*.testing.ts`). The others (vendor adapters against their fakes, parsers, pure rules, and suites that only
 * borrow the database-free helpers: read-pdf, llm, multipart, keys, rejection) do the same on either
 * database, so the PostgreSQL pass leaves them to the first. So does the route fuzz (every route's schema, no
 * 5xx): it asks the validation, not the database, and runs once, on PGlite.
 */
function databaseSuites() {
  const serverSrc = path.join(root, 'apps', 'server', 'src');
  const reachesDatabase =
    /createTestApp|createTestDatabase|openDatabase|TEST_DATABASE_URL|\.testing'|testing(\/(?!read-pdf'|llm'|multipart'|keys'|rejection')[\w-]+)?'/;
  return readdirSync(serverSrc, { recursive: true })
    .filter((file) => String(file).endsWith('.test.ts'))
    .filter((file) => !String(file).endsWith('.fuzz.test.ts'))
    .filter((file) => reachesDatabase.test(readFileSync(path.join(serverSrc, String(file)), 'utf8')))
    .map((file) => path.join('apps', 'server', 'src', String(file)));
}

run('lint', 'npx', ['biome', 'check', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit-and-routes-pglite', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('routes-postgres', ['--project', 'server', '--project', 'server-mocking', ...databaseSuites()]);
} else {
  console.log('\n=== routes-postgres: skipped (TEST_DATABASE_URL is not set)');
}
if (run('build-web', 'npm', ['run', 'build', '--silent'])) {
  vitest('browser', ['--config', 'e2e/vitest.config.ts']);
}

console.log(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps ok'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
