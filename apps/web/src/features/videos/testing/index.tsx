import { type AudiencePortrait, noAudiencePortrait, type VideoDetail, type VideoRow } from '@dso/contract';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';

export { chartStubModule } from '../../../components/testing/render-route';

/** Renders a video view at an address, signed in (VIP) or as a visitor, with a fresh query client. */
export function renderVideo(
  ui: ReactElement,
  { viewer = 'user', path = '*', url = '/' }: { viewer?: 'user' | 'visitor'; path?: string; url?: string } = {},
) {
  return renderAtRoute(ui, { path, url, viewer: viewer === 'user' ? 'VIP' : 'visitor' });
}

/** A video's details with plausible figures; override what a test is about. */
export function videoDetail(overrides: Partial<VideoDetail> = {}): VideoDetail {
  return {
    video_id: '7300000000000000001',
    video_desc: '周末露营好物分享',
    video_tag: ['露营', '户外'],
    video_score: 87.6,
    origin_cover: 'https://example.com/cover.jpg',
    share_url: 'https://v.douyin.com/abc123/',
    play_url: 'https://example.com/play.mp4',
    user_id: 'u1',
    user_nick_name: '露营达人小李',
    avatar_larger: 'https://example.com/avatar.jpg',
    total_follower_count: 123_000_000,
    create_time: 1_763_000_000,
    last_update_time: 1_763_100_000,
    duration: 65_000,
    good_count: 25_000,
    comment_count: 1_200,
    share_count: 300,
    collect_count: 4_500,
    music_id: null,
    music_title: null,
    is_with_goods: false,
    goods: [],
    word_new: '露营,装备',
    status: 'normal',
    status_text: null,
    creator_avg: { good_count: 12_000, comment_count: 800, share_count: 150, collect_count: 2_000 },
    refresh_locked_until: null,
    collected: false,
    is_demo: false,
    is_example: false,
    ...overrides,
  };
}

/** A work's audience portrait with every figure unknown and every list empty; override what a test is about. */
export function audiencePortrait(overrides: Partial<AudiencePortrait> = {}): AudiencePortrait {
  return { ...noAudiencePortrait, empty_text: null, region_empty_text: null, ...overrides };
}

/** A work in a list with plausible figures and no remote images; override what a test is about. */
export function videoRow(overrides: Partial<VideoRow> = {}): VideoRow {
  return {
    video_id: '7300000000000000101',
    video_desc: '三分钟学会家常红烧肉',
    origin_cover: '',
    share_url: 'https://v.douyin.com/row101/',
    duration: 95_000,
    create_time: 1_763_000_000,
    video_score: 81,
    good_count: 56_789,
    comment_count: 1_234,
    share_count: 88,
    collect_count: 2_000,
    is_with_goods: false,
    status: 'normal',
    user_id: 'creator-101',
    user_nick_name: '厨房小王',
    avatar_larger: '',
    total_follower_count: 45_000,
    is_demo: false,
    ...overrides,
  };
}

// The shared renderer cleans the tree and the session; video views also remember choices in storage.
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
