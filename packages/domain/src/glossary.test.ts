import { describe, expect, it } from 'vitest';
import { competitionLabel, contentCategories, findContentCategory, glossaryLimits, glossaryTerms } from './glossary';

describe('contentCategories', () => {
  it('numbers 90 categories from diversify_1 to diversify_90', () => {
    expect(contentCategories).toHaveLength(90);
    expect(contentCategories[0]?.code).toBe('diversify_1');
    expect(contentCategories[89]?.code).toBe('diversify_90');
  });

  it('gives every category a distinct name and a tip', () => {
    const names = contentCategories.map((category) => category.name);
    expect(new Set(names).size).toBe(names.length);
    for (const category of contentCategories) expect(category.tip).toMatch(/^.+。$/);
  });

  it('finds a category by code', () => {
    expect(findContentCategory('diversify_1')?.name).toBe('搞笑');
    expect(findContentCategory('diversify_91')).toBeNull();
  });
});

describe('glossaryTerms', () => {
  it('defines the spec limits', () => {
    expect(glossaryLimits).toEqual({
      coreKeywordTop: 100,
      rankingTop: 10,
      monitoredCreatorVideos: 5000,
      extractionMaxMinutes: 20,
    });
    const definitions = glossaryTerms.map((term) => term.definition).join('');
    for (const figure of ['前100', '前10的', '5000条', '20分钟']) expect(definitions).toContain(figure);
  });
});

describe('competitionLabel', () => {
  it.each([
    [1, 'low', '小'],
    [2, 'low', '小'],
    [3, 'medium', '中'],
    [4, 'high', '大'],
  ])('labels 1 and 2 stars smallest, 3 medium and 4 largest: %s → %s %s', (stars, level, label) => {
    expect(competitionLabel(stars)).toEqual({ level, label });
  });

  it('gives null outside 1 to 4 stars', () => {
    for (const stars of [0, 5, 2.5, null, undefined]) expect(competitionLabel(stars)).toBeNull();
  });
});
