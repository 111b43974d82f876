import { describe, expect, it } from 'vitest';
import { preparingMessage, SeedProgress, STARTING_MESSAGE } from './seed-progress';

const stateOf = (progress: SeedProgress) =>
  Object.fromEntries(progress.view().preparing.steps.map((step) => [step.name, step.state]));

describe('the first start progress callers are told', () => {
  it('says the demo data is being prepared before any library has started', () => {
    const { msg, preparing } = new SeedProgress().view();
    expect(msg).toBe('首次启动，正在准备演示数据，请稍候');
    expect(preparing.percent).toBe(0);
    expect(preparing.steps.map((step) => step.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
  });

  it('names the libraries done and the one in progress, and the figure only grows', () => {
    const progress = new SeedProgress();
    const figures: number[] = [];
    const apply = (...events: Parameters<SeedProgress['apply']>[0][]) => {
      for (const event of events) progress.apply(event);
      figures.push(progress.view().preparing.percent);
    };
    apply({ stage: 'database', done: false });
    apply({ stage: 'database', done: true });
    apply(
      { stage: 'keywords', scope: 'DSO', done: 0, total: 100 },
      { stage: 'keywords', scope: 'RSO', done: 0, total: 100 },
    );
    apply({ stage: 'keywords', scope: 'DSO', done: 100, total: 100 });
    expect(progress.view().msg).toBe('首次启动，正在准备演示数据（数据库已完成，关键词库准备中…），请稍候');
    expect(progress.view().preparing.steps[1]).toEqual({
      name: '关键词库',
      state: 'running',
      detail: '已完成 1 个平台与地区',
    });
    apply({ stage: 'keywords', scope: 'RSO', done: 100, total: 100 });
    apply({ stage: 'derive', done: 3, total: 4 });
    apply({ stage: 'derive', done: 2, total: 4 });
    apply({ stage: 'videos', done: 10, total: 100 });
    expect(progress.view().msg).toBe(
      '首次启动，正在准备演示数据（数据库已完成，关键词库已完成，榜单与分析已完成，视频库准备中…），请稍候',
    );
    expect(stateOf(progress)).toEqual({ 数据库: 'done', 关键词库: 'done', 榜单与分析: 'done', 视频库: 'running' });
    apply({ stage: 'videos', done: 100, total: 100 });
    expect(figures).toEqual([...figures].sort((a, b) => a - b));
    expect(figures.at(-1)).toBeLessThan(100);
    progress.seeded();
    expect(progress.view().msg).toBe(STARTING_MESSAGE);
    expect(progress.view().preparing.percent).toBe(99);
  });

  it('counts a library the database already holds as done', () => {
    const progress = new SeedProgress();
    progress.apply({ stage: 'skipped', library: 'keywords' });
    expect(stateOf(progress)).toEqual({ 数据库: 'done', 关键词库: 'done', 榜单与分析: 'done', 视频库: 'waiting' });
  });

  it('leaves libraries not started out of the sentence', () => {
    expect(
      preparingMessage([
        { name: '关键词库', state: 'done', detail: '' },
        { name: '视频库', state: 'running', detail: '' },
        { name: '其他', state: 'waiting', detail: '' },
      ]),
    ).toBe('首次启动，正在准备演示数据（关键词库已完成，视频库准备中…），请稍候');
  });
});
