import type { LiveDetail, LiveRow } from '@dso/contract';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { request } from '../../../components/testing/api-client-mock';
import { renderAtRoute } from '../../../components/testing/render-route';

export { chartStubModule } from '../../../components/testing/render-route';

/** Renders a live page at an address for a visitor or a signed-in member, with a fresh query client. */
export function renderLive(
  ui: ReactElement,
  { path = '*', url = '/', viewer = 'visitor' }: { path?: string; url?: string; viewer?: 'visitor' | 'user' } = {},
) {
  return renderAtRoute(ui, { path, url, viewer: viewer === 'user' ? 'VIP' : 'visitor' });
}

/**
 * The live pages' tests each start with no answer steered and end on real timers again (the wall and the
 * studio fake them to step through their refreshes). Called once at the top of a test file.
 */
export function resetBetweenLiveTests() {
  beforeEach(() => {
    request.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

const START = 1_763_870_400; // 2025-11-23 12:00 Shanghai

/** What a session's details and its wall tile share: the same room, live now, with the same figures. */
const session = {
  room_id: '7380000000000000001',
  title: '秋冬铁锅专场',
  cover: '',
  start_time: START,
  end_time: null,
  watch_count: 256_000,
  peak_online: 4_800,
  sales_amount: 12_345_600,
} satisfies Partial<LiveDetail & LiveRow>;

/** A session with plausible figures, live now unless `end_time` is given. */
export function liveDetail(overrides: Partial<LiveDetail> = {}): LiveDetail {
  return {
    ...session,
    goods: [
      { title: '铸铁炒锅', price: 12_900, sales: 320, cover: null },
      { title: '竹制砧板', price: 5_990, sales: 1_500, cover: null },
    ],
    minutes: [
      { minute: 0, online: 1_200, entering: 300, sales: 0 },
      { minute: 1, online: 3_400, entering: 820, sales: 258_000 },
      { minute: 2, online: 4_100, entering: 640, sales: 412_500 },
    ],
    creator: { user_id: 'u1', nick_name: '阿明厨房', avatar_larger: '', total_follower_count: 1_230_000 },
    banded: false,
    is_demo: false,
    ...overrides,
  };
}

/** A wall tile's session. */
export function liveRow(overrides: Partial<LiveRow> = {}): LiveRow {
  return {
    ...session,
    online: 4_100,
    goods_count: 2,
    creator: { user_id: 'u1', nick_name: '阿明厨房', avatar_larger: '' },
    recent_online: [
      { minute: 0, online: 1_200 },
      { minute: 1, online: 3_400 },
      { minute: 2, online: 4_100 },
    ],
    is_demo: false,
    ...overrides,
  };
}
