import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Where the server's own files are, whether it runs from TypeScript source (tsx, vitest) or from the build
 * (`node apps/server/dist/main.js`, made by `build.ts`). The build bundles every module into one flat folder
 * (entries and shared chunks side by side), so there this module's file is `<build>/<chunk>.js` and the
 * build folder sits in apps/server; from source it is apps/server/src/lib/server-files.ts.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Whether this code runs from the build (plain JavaScript under node) rather than from TypeScript source. */
export const runsFromBuild = !import.meta.url.endsWith('.ts');

/** The folder of the build's files when {@link runsFromBuild}; null from source. */
const buildFolder = runsFromBuild ? here : null;

/** apps/server: its `package.json`, `drizzle/` migrations and shipped `legal/` documents. */
export const serverRoot = runsFromBuild ? path.resolve(here, '..') : path.resolve(here, '..', '..');

/** A file of apps/server (`serverFile('drizzle', 'meta', '_journal.json')`). */
export function serverFile(...segments: string[]): string {
  return path.join(serverRoot, ...segments);
}

/**
 * The files the server starts as processes or threads of their own, and the operators' commands: each is an entry of
 * the build (`<build>/<name>.js`). `source` is the module the build bundles, under `src/`; `start` the file a process or
 * thread runs from source when that is not `source` itself (a plain-JavaScript shim that loads the TypeScript).
 */
export const serverEntries = {
  main: { source: 'main.ts' },
  'first-run': { source: 'first-run.ts' },
  'table.worker': { source: 'lib/uploads/table.worker.ts', start: 'lib/uploads/table-worker.mjs' },
  'demo-images.child': { source: 'features/demo-images/demo-images.child.mjs' },
  worker: { source: 'cli/worker.ts' },
  migrate: { source: 'cli/migrate.ts' },
  seed: { source: 'cli/seed.ts' },
  'import-keywords': { source: 'cli/import-keywords.ts' },
  'import-videos': { source: 'cli/import-videos.ts' },
  derive: { source: 'cli/derive.ts' },
  orders: { source: 'cli/orders.ts' },
  console: { source: 'cli/console.ts' },
  collect: { source: 'cli/collect.ts' },
  mcp: { source: 'cli/mcp.ts' },
} as const satisfies Record<string, { source: string; start?: string }>;

export type ServerEntry = keyof typeof serverEntries;

/** The file to run an entry from: the build's `<name>.js` next to this code, else its source under `src/`. */
export function entryFile(name: ServerEntry): string {
  if (buildFolder) return path.join(buildFolder, `${name}.js`);
  const entry: { source: string; start?: string } = serverEntries[name];
  return serverFile('src', entry.start ?? entry.source);
}
