import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The features' import graph, read from the source: a feature calls another one's public functions,
 * never the other way round as well, and only the account features read the users table.
 */
const featuresDir = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const featureOf = (file: string) => path.relative(featuresDir, file).split(path.sep)[0]!;

/** feature → the features it imports, with one importing file each as evidence. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), specifier!);
      if (path.relative(featuresDir, target).startsWith('..')) continue;
      const to = featureOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, path.relative(featuresDir, file));
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

/** Features whose data is the account itself (login, sessions, links, grades). */
const accountFeatures = new Set(['auth', 'sessions', 'wechat', 'sub-accounts', 'permissions']);

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

  it('lets only the account features read the users table', () => {
    const readers = sourceFiles(featuresDir)
      .filter((file) => !accountFeatures.has(featureOf(file)))
      .filter((file) =>
        [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:\.\.\/)+db\/schema'/g)].some(
          ([, names]) => /\busers\b/.test(names!),
        ),
      )
      .map((file) => path.relative(featuresDir, file));
    expect(readers).toEqual([]);
  });
});
