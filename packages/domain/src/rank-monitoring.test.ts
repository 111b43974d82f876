import { describe, expect, it } from 'vitest';
import { isBigMove, rankCoverage, rankMove, rankMoveLabel } from './rank-monitoring';

describe('rank moves', () => {
  it('counts places gained and lost between two ranked checks', () => {
    expect(rankMove(12, 5)).toEqual({ kind: 'up', delta: 7 });
    expect(rankMove(5, 12)).toEqual({ kind: 'down', delta: 7 });
    expect(rankMove(8, 8)).toEqual({ kind: 'same', delta: 0 });
  });

  it('tells entering the ranking from leaving it', () => {
    expect(rankMove(null, 30).kind).toBe('new');
    expect(rankMove(undefined, 30).kind).toBe('new');
    expect(rankMove(30, null).kind).toBe('lost');
    expect(rankMove(null, null).kind).toBe('none');
    expect(rankMove(undefined, null).kind).toBe('none');
  });

  it('labels moves as the list shows them', () => {
    expect(rankMoveLabel(rankMove(9, 3))).toBe('↑6');
    expect(rankMoveLabel(rankMove(3, 9))).toBe('↓6');
    expect(rankMoveLabel(rankMove(null, 3))).toBe('新上榜');
    expect(rankMoveLabel(rankMove(3, null))).toBe('掉榜');
    expect(rankMoveLabel(rankMove(3, 3))).toBe('-');
  });
});

describe('coverage by the glossary', () => {
  it('counts the top 100 as core keywords and the top 10 as rankings', () => {
    expect(rankCoverage([1, 10, 11, 100, 101, null])).toEqual({ core: 4, ranking: 2 });
    expect(rankCoverage([])).toEqual({ core: 0, ranking: 0 });
  });
});

describe('big moves', () => {
  it('flags crossing the top 10 and moves of ten places or more', () => {
    expect(isBigMove(11, 10)).toBe(true);
    expect(isBigMove(10, 11)).toBe(true);
    expect(isBigMove(40, 30)).toBe(true);
    expect(isBigMove(40, 31)).toBe(false);
    expect(isBigMove(null, 3)).toBe(true);
    expect(isBigMove(null, 50)).toBe(false);
    expect(isBigMove(4, null)).toBe(true);
    expect(isBigMove(null, null)).toBe(false);
  });
});
