import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The features' boundaries, read from the source: a feature offers others what its `index.ts` names
 * and nothing else, features never import each other both ways, and each table of the schema belongs
 * to one feature, the only one whose code reads or writes it (by the ORM or in raw SQL), apart from the
 * shared platform library and the account row listed below. A feature is a top-level folder here; its
 * parts (subfolders such as account/login and account/sessions) may import each other freely.
 */
const featuresDir = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = path.resolve(featuresDir, '../db/schema');

const isTest = (file: string) => file.endsWith('.test.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const allFiles = sourceFiles(featuresDir).filter((file) => path.dirname(file) !== featuresDir);
const codeFiles = allFiles.filter((file) => !isTest(file));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureOf = (file: string) => path.relative(featuresDir, file).split(path.sep)[0]!;
const shown = (file: string) => path.relative(featuresDir, file).split(path.sep).join('/');

/** Relative specifiers a file imports or re-exports, statically, dynamically or through `vi.mock`. */
function relativeSpecifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:\bfrom|\bimport\(|\bvi\.mock\()\s*'(\.[^']+)'/g)].map(([, specifier]) => specifier!);
}

/** feature → the features it imports, with one importing file each as evidence. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of codeFiles) {
    const from = featureOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of relativeSpecifiers(file)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (path.relative(featuresDir, target).startsWith('..')) continue;
      const to = featureOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, shown(file));
    }
  }
  return graph;
}

/** Every import cycle between features, each as the features in order (a → b → a). */
function cyclesOf(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) cycles.push([...trail, start]);
      else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const feature of graph.keys()) walk(feature, feature, [feature]);
  return cycles;
}

/**
 * Whether `file` may import `target` (a path inside another feature, without extension): that
 * feature's index, or, for a test, the feature's test helpers (`*.testing.ts`, `*.fixtures.ts`).
 */
function importAllowed(file: string, target: string): boolean {
  const inside = path.relative(path.join(featuresDir, featureOf(target)), target);
  if (inside === '' || inside === 'index') return true;
  return isTest(file) && /\.(testing|fixtures)$/.test(inside);
}

/** Each schema file's tables: the name the code imports and the name SQL uses. */
const tables = readdirSync(schemaDir)
  .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
  .flatMap((name) =>
    [...readFileSync(path.join(schemaDir, name), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(
      ([, table, sqlName]) => ({ table: table!, sqlName: sqlName!, schemaFile: name.replace(/\.ts$/, '') }),
    ),
  );

/** The feature that owns a schema file's tables, unless the table is named in {@link tableOwners}. */
const schemaOwners: Record<string, string> = {
  'account-closures': 'account',
  'api-keys': 'api-keys',
  collection: 'collection',
  accounts: 'account',
  console: 'console',
  copywriters: 'copywriters',
  extraction: 'extraction',
  frame: 'frame',
  'hot-boards': 'keywords',
  'image-text': 'image-text',
  jobs: 'jobs',
  keywords: 'keywords',
  'live-replay': 'live-replay',
  'monitor-alerts': 'monitoring',
  monitoring: 'monitoring',
  orders: 'orders',
  publishing: 'publishing',
  refunds: 'orders',
  videos: 'videos',
  writing: 'writing',
};

/** Tables owned by another feature than the rest of their schema file. */
const tableOwners: Record<string, string> = {
  permissionAliases: 'permissions',
  permissionBinds: 'permissions',
  permissionUsage: 'permissions',
  usagePacks: 'permissions',
  usageLedger: 'permissions',
  distributionLeads: 'distribution',
  favourites: 'favourites',
};

const ownerOf = (table: { table: string; schemaFile: string }) =>
  tableOwners[table.table] ?? schemaOwners[table.schemaFile];

/**
 * Tables other features than the owner read, and which. The platform library (keywords, videos,
 * creators and what hangs off them) is imported, ingested and seeded by its owner (keywords, videos)
 * and read by the features that list and show it; the account row carries the grade fields the
 * permissions feature keeps.
 */
const sharedTables: Record<string, string[]> = {
  // The platform library.
  keywords: ['creators', 'favourites', 'monitoring', 'videos'],
  videos: ['creators', 'extraction', 'favourites', 'monitoring', 'topics'],
  creators: ['creators', 'favourites', 'live', 'monitoring', 'topics'],
  creatorFollowerHistory: ['creators'],
  videoKeywords: ['creators', 'monitoring'],
  liveSessions: ['live'],
  liveMinutes: ['live'],
  topics: ['topics'],
  topicVideos: ['topics'],
  // The account row.
  users: ['permissions'],
};

/**
 * Files that still use another feature's table, each with the reason. This list may only shrink:
 * the test fails when a new use appears and when a listed one is gone.
 */
const knownTableUses: Record<string, string> = {
  'permissions/grade.service.ts → subAccountLinks':
    "a child's grade is its parent's; account (sub-accounts, user info) imports permissions, so permissions cannot call it back",
  'permissions/permissions.repository.ts → subAccountLinks':
    "a parent's sub-account quota counts its pending and active links, for the same reason",
  'videos/detail/video-detail.repository.ts → favourites':
    "the detail page's collected flag; favourites imports videos' row shape, so videos cannot call favourites back",
};

/** `file → table` for every table a feature's code names: imported from the schema or in raw SQL. */
function tableUses(): { file: string; feature: string; table: string }[] {
  const bySqlName = new Map(tables.map((table) => [table.sqlName, table.table]));
  return codeFiles.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const used = new Set<string>();
    for (const [, names] of source.matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(?:\.\.\/)+db\/schema(?:\/[\w-]+)?'/g,
    )) {
      for (const name of names!.split(',')) {
        const imported = name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (tables.some((table) => table.table === imported)) used.add(imported);
      }
    }
    for (const [, sqlName] of source.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?(\w+)"?/g)) {
      const table = bySqlName.get(sqlName!);
      if (table) used.add(table);
    }
    return [...used].map((table) => ({ file: shown(file), feature: featureOf(file), table }));
  });
}

describe('feature boundaries', () => {
  it('has no import cycle between features', () => {
    const graph = featureGraph();
    const described = cyclesOf(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i]!)?.get(to)})`)
        .join(', '),
    );
    expect(described).toEqual([]);
  });

  it('gives every feature an index naming what it offers', () => {
    expect(features.filter((feature) => !existsSync(path.join(featuresDir, feature, 'index.ts')))).toEqual([]);
  });

  it('imports another feature only through its index (tests also through its test helpers)', () => {
    const crossings = allFiles.flatMap((file) =>
      relativeSpecifiers(file)
        .map((specifier) => ({ specifier, target: path.resolve(path.dirname(file), specifier) }))
        .filter(({ target }) => !path.relative(featuresDir, target).startsWith('..'))
        .filter(({ target }) => featureOf(target) !== featureOf(file) && !importAllowed(file, target))
        .map(({ specifier }) => `${shown(file)} imports '${specifier}'`),
    );
    expect(crossings).toEqual([]);
  });

  it('gives every table an owning feature', () => {
    const unowned = tables
      .filter((table) => !features.includes(ownerOf(table) ?? ''))
      .map((table) => `${table.schemaFile}.ts ${table.table}`);
    expect(unowned).toEqual([]);
  });

  it("lets only a table's owner use it, besides the shared library and the account row", () => {
    const owners = new Map(tables.map((table) => [table.table, ownerOf(table)]));
    const foreign = tableUses()
      .filter(({ feature, table }) => feature !== owners.get(table) && !sharedTables[table]?.includes(feature))
      .map(({ file, table }) => `${file} → ${table}`)
      .sort();
    expect(foreign).toEqual(Object.keys(knownTableUses).sort());
  });

  it('lists only readers that still read a shared table', () => {
    const uses = tableUses();
    const stale = Object.entries(sharedTables).flatMap(([table, readers]) =>
      readers
        .filter((reader) => !uses.some((use) => use.table === table && use.feature === reader))
        .map((reader) => `${reader} → ${table}`),
    );
    expect(stale).toEqual([]);
  });
});
