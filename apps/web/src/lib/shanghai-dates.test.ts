import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every date a user sees is a Shanghai date (002 §9), whatever the browser's zone, so dates are
 * formatted by the domain's `formatTime` / `shanghaiDay`. These read or print an instant in the
 * browser's own zone (or UTC's day), which in a browser outside China is another day or hour.
 */
const localZoneDates: Array<[RegExp, string]> = [
  [/\bdayjs\([^)]*\)\s*\.format\(/, "dayjs(instant).format(…) prints the browser's zone: use formatTime"],
  [/\.toLocale(Date|Time)String\(/, "toLocaleDateString/TimeString print the browser's zone: use formatTime"],
  [
    /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(/,
    "local-zone fields: use formatTime or the domain's day helpers",
  ],
  [/\.toISOString\(\)\s*\.slice\(0,\s*10\)/, 'the UTC day is not the Shanghai day: use shanghaiDay / addDays'],
  [/\bdayjs\(\)/, "dayjs() is the browser's today: use dayjs(shanghaiDay())"],
];

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and their fixtures build calendar days on purpose.
    const isTestCode =
      /\.test\.tsx?$|fixtures\.tsx?$|test-utils\.tsx?$/.test(entry.name) ||
      full.includes(`${path.sep}testing${path.sep}`);
    return /\.tsx?$/.test(entry.name) && !isTestCode ? [full] : [];
  });
}

describe('dates on screen', () => {
  it("are formatted in Shanghai time everywhere, never in the browser's zone", () => {
    const found = sourceFiles(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          localZoneDates
            .filter(([pattern]) => pattern.test(line))
            .map(([, why]) => `${path.relative(root, file)}:${index + 1} ${why}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
