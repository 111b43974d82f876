import { describe, expect, it } from 'vitest';
import { generateKeywords } from '../demo/generator';
import { demoPortrait } from '../demo/portraits';
import { firstRunPlan, PORTRAIT_TOP } from '../demo/seed';
import {
  PORTRAIT_ESTIMATE_MIN_INDEX,
  PORTRAIT_ESTIMATE_SOURCES,
  portraitAnswer,
  type StoredPortrait,
} from './portrait-estimate';

const plan = firstRunPlan('2026-05-01');

/**
 * Each first-run library as seeded (seedPortraits stores the top PORTRAIT_TOP by search index), read
 * as keywordPortrait reads it: the stored portrait, else the candidates findPortraitSources returns
 * (same industry first, then by search index, at most PORTRAIT_ESTIMATE_SOURCES).
 */
function libraryAnswers(scope: (typeof plan.scopes)[number]) {
  const rows = [...generateKeywords({ ...scope, seed: plan.seed, asOf: plan.asOf })]
    .flat()
    .map((row, order) => ({ ...row, order }))
    .sort((a, b) => b.searchIndex - a.searchIndex || b.order - a.order);
  const stored = new Map<string, StoredPortrait & { industry: string | null }>();
  for (const row of rows.slice(0, PORTRAIT_TOP)) {
    const portrait = demoPortrait(row.keyword, row.industry, scope.platform === 'TSO');
    stored.set(row.keyword, { portrait, asOf: plan.asOf, industry: row.industry });
  }
  const candidatesOf = new Map<string | null, Array<StoredPortrait & { sameIndustry: boolean }>>();
  const candidates = (industry: string | null) => {
    if (!candidatesOf.has(industry)) {
      const marked = [...stored.values()].map((entry) => ({ ...entry, sameIndustry: entry.industry === industry }));
      const sorted = [
        ...marked.filter((entry) => entry.sameIndustry),
        ...marked.filter((entry) => !entry.sameIndustry),
      ];
      candidatesOf.set(industry, sorted.slice(0, PORTRAIT_ESTIMATE_SOURCES));
    }
    return candidatesOf.get(industry)!;
  };
  return rows.map((row) => {
    const own = stored.get(row.keyword) ?? null;
    const asks = !own && row.searchIndex >= PORTRAIT_ESTIMATE_MIN_INDEX;
    return { row, own, answer: portraitAnswer(row.keyword, own, asks ? candidates(row.industry) : []) };
  });
}

describe('audience portraits of the first-run demo library', () => {
  it('gives every keyword of 1w search index or more a portrait, stored or estimated, and marks the estimated ones', () => {
    const missing: string[] = [];
    let estimated = 0;
    for (const scope of plan.scopes) {
      for (const { row, own, answer } of libraryAnswers(scope)) {
        if (row.searchIndex < PORTRAIT_ESTIMATE_MIN_INDEX) continue;
        const whole = answer.empty_text === null && answer.gender_more.length > 0 && answer.age_more.length > 0;
        if (!whole || answer.estimated !== !own || answer.as_of === null) {
          missing.push(`${scope.platform}${scope.country} ${row.keyword}`);
        }
        if (answer.estimated) estimated++;
      }
    }
    expect(missing.slice(0, 10), `${missing.length} keywords without a correctly marked portrait`).toEqual([]);
    expect(estimated).toBeGreaterThan(0);
  });

  it("estimates 露营装备's 小红书 portrait from 旅游出行's words, ages youngest first", () => {
    const rso = plan.scopes.find((scope) => scope.platform === 'RSO')!;
    const camping = libraryAnswers(rso).find(({ row }) => row.keyword === '露营装备')!;
    expect(camping.row.searchIndex).toBeGreaterThanOrEqual(PORTRAIT_ESTIMATE_MIN_INDEX);
    expect(camping.own).toBeNull();
    expect(camping.answer).toMatchObject({ estimated: true, empty_text: null, as_of: plan.asOf });
    expect(camping.answer.age_more.map((share) => share.name)).toEqual(['18-23', '24-30', '31-40', '41-50', '50+']);
  });
});
