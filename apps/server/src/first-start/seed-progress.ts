import type { Preparing, PreparingStep, PreparingStepState } from '@dso/contract';

/**
 * How far the first start's demo seed is, as the first-run process reports it to the server (over
 * its IPC channel) and the server tells every caller while it prepares. The seed runs its
 * libraries in this order: the keyword libraries scope by scope, their derived boards and
 * correlation words, then the video library (titled with the keywords' head terms).
 */
export type SeedProgressEvent =
  /** The database's tables are being created (`done` false) or are ready (true). */
  | { stage: 'database'; done: boolean }
  /** One keyword library (a platform, or TikTok in one country) has `done` of its `total` rows. */
  | { stage: 'keywords'; scope: string; done: number; total: number }
  /** Of the keyword libraries' derive steps and jobs, `done` of `total`. */
  | { stage: 'derive'; done: number; total: number }
  /** Of the demo works, `done` of `total` are in. */
  | { stage: 'videos'; done: number; total: number }
  /** A library the database already holds (a restart after an interrupted first run). */
  | { stage: 'skipped'; library: 'keywords' | 'videos' };

/** The message type the first-run process sends its parent. */
export interface SeedProgressMessage {
  type: 'seed-progress';
  event: SeedProgressEvent;
}

export function isSeedProgressMessage(value: unknown): value is SeedProgressMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'seed-progress';
}

type Stage = 'database' | 'keywords' | 'derive' | 'videos';

/**
 * Each stage's share of the first run's time, measured on PGlite (2 shared cores): the progress figure
 * moves about evenly with the clock. Only the figure depends on these; the steps' states do not.
 */
const stageWeights: Record<Stage, number> = { database: 0.15, keywords: 0.25, derive: 0.3, videos: 0.3 };

const stageNames: Record<Stage, string> = {
  database: '数据库',
  keywords: '关键词库',
  derive: '榜单与分析',
  videos: '视频库',
};
const stages = Object.keys(stageNames) as Stage[];

/** The progress of one first run; `apply` each event, `view` what to tell a caller now. */
export class SeedProgress {
  private readonly scopes = new Map<string, { done: number; total: number }>();
  private readonly fractions: Record<Stage, number> = { database: 0, keywords: 0, derive: 0, videos: 0 };
  private readonly started: Record<Stage, boolean> = { database: false, keywords: false, derive: false, videos: false };
  /** The seed is done and the server is opening the database and building its routes. */
  private starting = false;

  /** The first-run process has finished: every library is in, the server is starting. */
  seeded() {
    for (const stage of stages) this.finish(stage);
    this.starting = true;
  }

  apply(event: SeedProgressEvent) {
    if (event.stage === 'database') {
      if (event.done) this.finish('database');
      else this.started.database = true;
      return;
    }
    // Any library's progress means the tables exist.
    this.finish('database');
    if (event.stage === 'skipped') {
      const held: Stage[] = event.library === 'keywords' ? ['keywords', 'derive'] : ['videos'];
      for (const stage of held) this.finish(stage);
      return;
    }
    if (event.stage === 'keywords') {
      this.scopes.set(event.scope, { done: event.done, total: event.total });
      const totals = [...this.scopes.values()];
      // Every library reports its size before the first rows (done 0), so this is of the whole stage; it
      // stays below 1 until the next stage starts (portraits and topics follow the rows).
      const done = totals.reduce((sum, scope) => sum + Math.min(scope.done, scope.total), 0);
      const total = totals.reduce((sum, scope) => sum + scope.total, 0);
      this.started.keywords = true;
      this.fractions.keywords = Math.max(this.fractions.keywords, Math.min(0.99, total ? done / total : 0));
      return;
    }
    // A later stage starting means the earlier ones are done.
    if (event.stage === 'derive' || event.stage === 'videos') this.finish('keywords');
    if (event.stage === 'videos') this.finish('derive');
    this.started[event.stage] = true;
    const fraction = event.total > 0 ? Math.min(1, event.done / event.total) : 0;
    // The derive stage may finish its steps and then find jobs the seed queued: the figure never goes back.
    this.fractions[event.stage] = Math.max(this.fractions[event.stage], fraction);
  }

  /** What the server tells a caller: the steps, a whole percentage below 100 and the sentence to show. */
  view(): { msg: string; preparing: Preparing } {
    const steps = stages.map((stage) => this.step(stage));
    const percent = stages.reduce((sum, stage) => sum + stageWeights[stage] * this.fractions[stage], 0);
    return {
      msg: this.starting ? STARTING_MESSAGE : preparingMessage(steps),
      // 100 is the real answer, never a preparing one.
      preparing: { percent: Math.min(99, Math.floor(percent * 100)), steps },
    };
  }

  private finish(stage: Stage) {
    this.started[stage] = true;
    this.fractions[stage] = 1;
  }

  private step(stage: Stage): PreparingStep {
    const state: PreparingStepState = this.fractions[stage] >= 1 ? 'done' : this.started[stage] ? 'running' : 'waiting';
    let detail = '';
    if (stage === 'keywords' && state === 'running') {
      const finished = [...this.scopes.values()].filter((scope) => scope.done >= scope.total).length;
      detail = `已完成 ${finished} 个平台与地区`;
    } else if (state === 'running' && this.fractions[stage] > 0) {
      detail = `${Math.floor(this.fractions[stage] * 100)}%`;
    }
    return { name: stageNames[stage], state, detail };
  }
}

/** What callers are told between the end of the seed and the real app's first answer. */
export const STARTING_MESSAGE = '首次启动，演示数据已准备好，正在启动服务，请稍候';

/**
 * The one sentence every preparing answer carries, e.g.
 * 首次启动，正在准备演示数据（关键词库已完成，视频库准备中…），请稍候. Libraries not started are left out.
 */
export function preparingMessage(steps: PreparingStep[]): string {
  const parts = steps
    .filter((step) => step.state !== 'waiting')
    .map((step) => (step.state === 'done' ? `${step.name}已完成` : `${step.name}准备中…`));
  const said = parts.length ? `（${parts.join('，')}）` : '';
  return `首次启动，正在准备演示数据${said}，请稍候`;
}
