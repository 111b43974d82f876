import { describe, expect, it } from 'vitest';
import { type GeneratedKeyword, generateKeywords } from './generator';
import { headPhrases, headTermGroups, headTerms } from './head-terms';
import { FIRST_RUN_TOPICS, firstRunPlan } from './seed';
import { generateTsoTopics } from './tso-topics';
import { industries as industryList } from './vocabulary';

const plan = firstRunPlan('2026-05-01');
const industries = new Set(industryList.map((industry) => industry.name));
const libraryOf = (scope: (typeof plan.scopes)[number]): GeneratedKeyword[] =>
  [...generateKeywords({ ...scope, seed: plan.seed, asOf: plan.asOf })].flat();

/** How many keywords contain each head term: every substring of every keyword looked up once, not every pair. */
function rowsContaining(keywords: string[]): Map<string, number> {
  const terms = new Set(headTerms());
  const longest = Math.max(...[...terms].map((term) => term.length));
  const counts = new Map<string, number>();
  for (const keyword of keywords) {
    const found = new Set<string>();
    for (let start = 0; start < keyword.length; start++) {
      for (let end = start + 1; end <= Math.min(keyword.length, start + longest); end++) {
        const part = keyword.slice(start, end);
        if (terms.has(part)) found.add(part);
      }
    }
    for (const term of found) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

describe('demo head terms', () => {
  it('lists at least 200 head terms of short-video marketing, each in a demo industry', () => {
    expect(new Set(headTerms()).size).toBeGreaterThanOrEqual(200);
    for (const group of headTermGroups) expect(industries).toContain(group.industry);
    // Every industry of the product has head terms, not just a few of them.
    expect(new Set(headTermGroups.map((group) => group.industry))).toEqual(industries);
  });

  it('makes at least 20 distinct phrases containing each head term in every Chinese first-run library', () => {
    for (const scope of plan.scopes.filter((scope) => scope.platform !== 'TSO')) {
      const keywords = libraryOf(scope).map((row) => row.keyword);
      expect(new Set(keywords).size).toBe(keywords.length);
      expect(keywords.length).toBe(scope.count);
      const counts = rowsContaining(keywords);
      const thin = headTerms().filter((term) => (counts.get(term) ?? 0) < 20);
      expect(thin, `${scope.platform}: head terms with fewer than 20 rows`).toEqual([]);
    }
    // Generating five libraries of 13,000 to 26,000 rows takes seconds, more on a busy machine.
  }, 90_000);

  it('gives every head phrase its industry and a search index that puts the head term above its tails', () => {
    const dso = new Map(libraryOf(plan.scopes[0]!).map((row) => [row.keyword, row]));
    for (const phrase of headPhrases()) expect(dso.get(phrase.keyword)?.industry).toBe(phrase.industry);
    const tails = headPhrases().filter((phrase) => phrase.term === '露营装备' && phrase.rank > 0);
    const tailMedian = tails.map((phrase) => dso.get(phrase.keyword)!.searchIndex).sort((a, b) => a - b)[
      Math.floor(tails.length / 2)
    ]!;
    expect(dso.get('露营装备')!.searchIndex).toBeGreaterThan(tailMedian);
  });
});

describe('demo overseas libraries', () => {
  const overseas = plan.scopes.filter((scope) => scope.platform === 'TSO');
  const japaneseScript = /[\u3040-\u30ff\u4e00-\u9fff]/;

  it('seeds the five overseas countries, every row with a demo industry', () => {
    expect(overseas.map((scope) => scope.country)).toEqual(['US', 'GB', 'JP', 'ID', 'BR']);
    for (const scope of overseas) {
      const rows = libraryOf(scope);
      expect(rows).toHaveLength(scope.count);
      const missing = rows.filter((row) => !row.industry || !industries.has(row.industry));
      expect(missing, `${scope.country}: rows without an industry`).toEqual([]);
    }
  });

  it('writes the Japanese library in Japanese', () => {
    const rows = libraryOf(overseas.find((scope) => scope.country === 'JP')!);
    const notJapanese = rows.filter((row) => !japaneseScript.test(row.keyword)).map((row) => row.keyword);
    expect(notJapanese).toEqual([]);
    const topics = generateTsoTopics({ kind: 'ecoTopic', country: 'JP', seed: plan.seed, count: FIRST_RUN_TOPICS });
    expect(topics.filter((topic) => japaneseScript.test(topic.topic)).length).toBeGreaterThan(topics.length * 0.9);
  });

  it('writes the Indonesian and Brazilian libraries in their languages, not as copies of the English one', () => {
    const english = new Set(libraryOf(overseas.find((scope) => scope.country === 'US')!).map((row) => row.keyword));
    const marks: Record<string, RegExp> = {
      ID: /\b(resep|cara|murah|untuk|rekomendasi|enak|terbaik|tips)\b/,
      BR: /\b(receita|como|dicas|melhor|para|fácil|de)\b/,
    };
    for (const [country, mark] of Object.entries(marks)) {
      const rows = libraryOf(overseas.find((scope) => scope.country === country)!);
      expect(rows.filter((row) => english.has(row.keyword)).length, country).toBeLessThan(rows.length * 0.05);
      expect(rows.filter((row) => mark.test(row.keyword)).length, country).toBeGreaterThan(rows.length * 0.4);
    }
  });

  it('never repeats a word inside an overseas phrase', () => {
    for (const scope of overseas) {
      for (const row of libraryOf(scope)) {
        const words = row.keyword.split(' ');
        expect(new Set(words).size, row.keyword).toBe(words.length);
      }
    }
  });
});
