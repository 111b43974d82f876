import type { CreatorProfile, CreatorRow, GradeCode } from '@dso/contract';
import type { ReactElement } from 'react';
import { renderAtRoute } from '../../../components/testing/render-route';

export { chartStubModule } from '../../../components/testing/render-route';

/** Renders a creators page at an address for a visitor or a signed-in member of a grade; `address` shows where it is. */
export function renderCreators(
  ui: ReactElement,
  { path = '*', url = '/', grade }: { path?: string; url?: string; grade?: GradeCode } = {},
) {
  return renderAtRoute(ui, { path, url, viewer: grade ?? 'visitor' });
}

/** A creator row with plausible figures. */
export function creatorRow(overrides: Partial<CreatorRow> = {}): CreatorRow {
  return {
    user_id: 'u-ameng',
    unique_id: 'ameng88',
    nick_name: '阿明的厨房',
    avatar_larger: '',
    field: '美食餐饮',
    province: '广东',
    city: '深圳',
    verified: true,
    is_commerce: true,
    total_follower_count: 1_234_000,
    follower_growth_30d: 12_300,
    total_favorited: 56_700_000,
    aweme_count: 320,
    size_class: { code: 'shoulder', label: '肩部达人' },
    sales_class: { code: 'mid', label: '腰部' },
    as_of: '2026-11-20',
    is_demo: false,
    ...overrides,
  };
}

/** A creator profile with plausible figures. */
export function creatorProfile(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  return {
    ...creatorRow(),
    signature: '每天一道家常菜',
    gender: 1,
    verify_info: '优质美食创作者',
    mcn: null,
    video_comment_total_count: 450_000,
    video_share_total_count: 98_000,
    avg_good_count: 177_000,
    avg_comment_count: 1_400,
    avg_share_count: 300,
    avg_collect_count: 2_100,
    sales_amount: 12_345_600,
    live_count: 12,
    collected: false,
    is_example: false,
    ...overrides,
  };
}

/** A page of the list shape. */
export function listPage<Row>(
  result: Row[],
  overrides: { total_record?: number; data_max?: number; user_grade?: string } = {},
) {
  return {
    total_record: overrides.total_record ?? result.length,
    total_estimated: false,
    data_max: overrides.data_max ?? 30,
    user_grade: overrides.user_grade ?? 'FREE',
    result,
  };
}
