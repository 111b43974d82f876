import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web features' import graph, read from the source (the server's feature-boundaries test does the
 * same for apps/server). The rules:
 * 1. A file of one feature imports another feature only through its index (`features/<name>` or
 *    `features/<name>/index`). Test files may also import its test helpers through
 *    `features/<name>/testing` (the folder's index), and nothing deeper. A feature whose public face must
 *    be split across chunks names its second entry in `lazyEntries`, with the reason beside it.
 * 2. The app's imports between features go one way: no cycle. Test files are left out of this graph,
 *    since a test may render the page of a feature that uses its own (they ship nowhere).
 */
const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const featureOf = (file: string) => path.relative(featuresDir, file).split(path.sep)[0]!;

interface CrossImport {
  /** The importing file, relative to features/. */
  file: string;
  from: string;
  to: string;
  /** The imported module, relative to features/ (`videos/index`, `videos/testing/render`). */
  target: string;
}

function crossFeatureImports(): CrossImport[] {
  return sourceFiles(featuresDir).flatMap((file) => {
    const from = featureOf(file);
    return [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].flatMap(([, specifier]) => {
      const target = path
        .relative(featuresDir, path.resolve(path.dirname(file), specifier!))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) return [];
      const to = target.split('/')[0]!;
      return to === from ? [] : [{ file: path.relative(featuresDir, file), from, to, target }];
    });
  });
}

/**
 * Public entries besides a feature's index, each an `index.ts`-like file that says what it offers. The
 * videos index is imported by the global dialogs, so it stays in the entry bundle; the audience views
 * carry the chart code and are offered from `videos/audience` so that only the lazy pages that show them load it.
 */
const lazyEntries: Record<string, string[]> = { videos: ['videos/audience'] };

/** Whether `imported` is a way in that rule 1 allows for this file. */
function isPublicEntry({ file, to, target }: CrossImport): boolean {
  const entries = [to, `${to}/index`, ...(lazyEntries[to] ?? [])];
  if (isTest(file)) entries.push(`${to}/testing`, `${to}/testing/index`);
  return entries.includes(target);
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

describe('web feature boundaries', () => {
  it('imports another feature only through its index (tests also through its testing entry)', () => {
    const deep = crossFeatureImports()
      .filter((entry) => !isPublicEntry(entry))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(deep).toEqual([]);
  });

  it('has no import cycle between features outside tests', () => {
    // feature → the features it imports, with one importing file each as evidence.
    const graph = new Map<string, Map<string, string>>();
    for (const { file, from, to } of crossFeatureImports().filter((entry) => !isTest(entry.file))) {
      const edges = graph.get(from) ?? new Map<string, string>();
      graph.set(from, edges);
      if (!edges.has(to)) edges.set(to, file);
    }
    const described = cyclesOf(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i]!)?.get(to)})`)
        .join(', '),
    );
    expect(described).toEqual([]);
  });
});
