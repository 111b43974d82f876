import { describe, expect, it } from 'vitest';
import { ageChartOption, regionMapOption } from '../features/keyword-detail/charts/audience-chart-options';
import { trendChartOption } from '../features/keyword-detail/charts/trend-chart-option';
import { liveCurveOption } from '../features/live/charts/live-chart-option';
import { replayCurveOption } from '../features/live-replay/components/replay-chart-option';
import { mindMapChartOption } from '../features/mind-map/charts/mind-map-chart-option';
import { treeOf } from '../features/mind-map/mind-map-tree';
import { rankCurvesOption } from '../features/monitoring/charts/rank-chart-options';
import { type ChartOption, chartPalettes } from '../lib/charts';
import { escapeHtml } from '../lib/charts/tooltip-html';

/**
 * Every chart's formatters get markup from the data they show (a library keyword once was `<img src=q onerror=…>`),
 * and none lets it through as markup: ECharts puts what a tooltip formatter returns into the page as HTML.
 */

const MARKUP = '<img src=q onerror=alert(1)>';
const palette = chartPalettes.dark;

interface Case {
  /** The module that builds the option, as the source scan below names it. */
  file: string;
  option: ChartOption;
  /** Whether a tooltip formatter function shows the data's text (so the escaped markup must appear). */
  showsText: boolean;
}

const cases: Record<string, Case> = {
  'mind map': {
    file: '../features/mind-map/charts/mind-map-chart-option.ts',
    option: mindMapChartOption(
      treeOf(
        {
          keyword: MARKUP,
          groups: [{ name: MARKUP, words: [{ word: MARKUP, relation: 'sug', search_index: 12_000 }] }],
          sandbox: false,
        },
        { children: new Map(), open: new Set() },
      ),
      palette,
    ),
    showsText: true,
  },
  'keyword trend': {
    file: '../features/keyword-detail/charts/trend-chart-option.ts',
    option: trendChartOption(
      {
        start_day: MARKUP,
        end_day: MARKUP,
        first_day: MARKUP,
        last_day: MARKUP,
        days: 30,
        banded: true,
        has_overall: true,
        points: [{ day: MARKUP, value: 12_000, overall: 30_000 }],
      },
      palette,
    ),
    showsText: true,
  },
  'region map': {
    file: '../features/keyword-detail/charts/audience-chart-options.ts',
    option: regionMapOption({ map: 'china', shares: [{ name: MARKUP, value: 0.4 }], mapNames: [], palette }),
    showsText: true,
  },
  ages: {
    file: '../features/keyword-detail/charts/audience-chart-options.ts',
    option: ageChartOption([{ name: MARKUP, value: 0.4 }], palette),
    showsText: false,
  },
  'live curve': {
    file: '../features/live/charts/live-chart-option.ts',
    option: liveCurveOption(
      { minutes: [{ minute: 0, online: 10, entering: 2, sales: 300 }], start_time: 1_763_870_400, banded: true },
      palette,
    ),
    showsText: false,
  },
  'replay curve': {
    file: '../features/live-replay/components/replay-chart-option.ts',
    option: replayCurveOption([{ minute: 3, online: 10 }], [{ minute: 3, rise: 5 } as never], palette),
    showsText: false,
  },
  'rank curves': {
    file: '../features/monitoring/charts/rank-chart-options.ts',
    option: rankCurvesOption([MARKUP], [{ name: MARKUP, ranks: [3] }], ['#fff']),
    showsText: false,
  },
};

type Formatter = (...args: unknown[]) => unknown;

/** Every formatter of an option (tooltip, labels, axes), wherever it sits. */
function formattersOf(value: unknown, found: Formatter[] = []): Formatter[] {
  if (Array.isArray(value)) for (const item of value) formattersOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (/^(value)?[fF]ormatter$/.test(key) && typeof inner === 'function') found.push(inner as Formatter);
      else formattersOf(inner, found);
    }
  }
  return found;
}

/** The data items of every series, a tree's nodes included, as ECharts hands them to formatters. */
function dataItemsOf(option: ChartOption): unknown[] {
  const series = ([] as unknown[]).concat((option as { series?: unknown }).series ?? []);
  const items: unknown[] = [];
  const walk = (item: unknown) => {
    items.push(item);
    for (const child of (item as { children?: unknown[] })?.children ?? []) walk(child);
  };
  for (const one of series) for (const item of (one as { data?: unknown[] }).data ?? []) walk(item);
  return items;
}

/** What each formatter answers for each data item, given as an item trigger and as an axis trigger gives it. */
function outputsOf(option: ChartOption): string[] {
  const outputs: string[] = [];
  const items = dataItemsOf(option);
  for (const format of formattersOf(option)) {
    items.forEach((data, dataIndex) => {
      const name = (data as { name?: unknown })?.name ?? MARKUP;
      const value = (data as { value?: unknown })?.value ?? data;
      const params = { data, name, value, dataIndex, seriesName: MARKUP, axisValue: MARKUP, axisValueLabel: MARKUP };
      for (const args of [[params], [[params]], [value, dataIndex]]) {
        try {
          const output = format(...args);
          if (typeof output === 'string') outputs.push(output);
        } catch {
          // A formatter given a shape its trigger never sends; what matters is what it answers.
        }
      }
    });
  }
  return outputs;
}

describe('chart formatters', () => {
  it.each(Object.entries(cases))('let no markup of the data through: %s', (_name, { option, showsText }) => {
    const outputs = outputsOf(option);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) expect(output).not.toContain('<img');
    if (showsText) expect(outputs.some((output) => output.includes(escapeHtml(MARKUP)))).toBe(true);
  });

  it('covers every module whose tooltip has a formatter function, and each builds its HTML with tooltipHtml', () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    const withFunctions = Object.entries(sources)
      .filter(([, source]) => tooltipBlocksOf(source).some((block) => /\bformatter:\s*[^\s'"`]/.test(block)))
      .map(([file]) => file);
    expect(withFunctions.length).toBeGreaterThan(0);
    const covered = new Set(Object.values(cases).map((one) => one.file));
    for (const file of withFunctions) {
      expect(covered, `${file} has a tooltip formatter function this test does not call`).toContain(file);
      expect(sources[file], `${file} builds tooltip HTML without tooltipHtml`).toContain('tooltipHtml`');
    }
  });
});

/** The `tooltip: { … }` blocks of a source, braces balanced. */
function tooltipBlocksOf(source: string): string[] {
  const blocks: string[] = [];
  for (const match of source.matchAll(/\btooltip:\s*\{/g)) {
    let depth = 0;
    for (let at = match.index + match[0].length - 1; at < source.length; at++) {
      if (source[at] === '{') depth++;
      else if (source[at] === '}' && --depth === 0) {
        blocks.push(source.slice(match.index, at + 1));
        break;
      }
    }
  }
  return blocks;
}
