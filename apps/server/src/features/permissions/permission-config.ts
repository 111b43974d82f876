import type { PermissionAlias, PermissionKind } from '@dso/contract';
import type { Grade } from '@dso/domain';

/** Exhaustion texts of a `count` alias: below EVIP the user is told to upgrade, above it to recharge. */
export interface CountExhaustedTexts {
  upgrade: string;
  topTier: string;
}

/** One permission alias: what it means and its value per grade (a missing grade lacks it). */
export interface PermissionDefinition {
  alias: PermissionAlias;
  kind: PermissionKind;
  /** Chinese name, stored in `permission_aliases.name`. */
  name: string;
  description: string;
  values: Partial<Record<Grade, number>>;
  /** Whether usage-count packs can be bought for it (count and day_count only). */
  packable: boolean;
  /** Texts when a `count` runs out; day counts use the spec's daily wording (001 §6, 002 §6). */
  exhausted?: CountExhaustedTexts;
}

const countTexts = (what: string): CountExhaustedTexts => ({
  upgrade: `${what}，请升级会员版本增加额度~`,
  topTier: `${what}，请联系客服充值额度~`,
});

/**
 * The permission table (001 §3, 002 §5; docs/permissions.md explains the choices). The source of
 * truth: `ensurePermissionConfig` writes it to `permission_aliases` / `permission_binds` at start,
 * and everything at run time reads the database.
 *
 * Two rules keep the client's tree reading and the server's checks in agreement, because the tree
 * can only bind the four tier ids (FREE 0, VIP 10086, SVIP 20086, EVIP 30086) and a tier id grants
 * its grade and every grade above: CVIP has a permission exactly when VIP has it, and GVIP exactly
 * when EVIP has it; and a grade never has less than the grade below it. Their own values may differ.
 */
export const permissionConfig: readonly PermissionDefinition[] = [
  {
    alias: 'SUB_ACCOUNT_COUNT',
    kind: 'count',
    name: '子账号数量',
    description: '可绑定的子账号个数（待接受的邀请也占用名额），子账号共享主账号的会员等级',
    values: { SVIP: 3, EVIP: 10, GVIP: 30 },
    // Seats bought with a team-size plan option come as packs that end with the membership.
    packable: true,
    exhausted: countTexts('子账号数量已达上限'),
  },
  {
    alias: 'AUTH_TIKTOK_COUNT',
    kind: 'count',
    name: '授权抖音账号数',
    description: '可同时授权的抖音账号个数',
    values: { FREE: 1, VIP: 3, CVIP: 5, SVIP: 10, EVIP: 30, GVIP: 50 },
    packable: false,
    exhausted: countTexts('授权账号额度不足'),
  },
  {
    alias: 'KEYWORD_MONITOR_COUNT',
    kind: 'count',
    name: '关键词排名监控数',
    description: '可同时监控排名的关键词个数，可购买次数包增加',
    values: { FREE: 5, VIP: 50, CVIP: 100, SVIP: 300, EVIP: 1000, GVIP: 3000 },
    packable: true,
    exhausted: countTexts('监控额度已用完'),
  },
  {
    alias: 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY',
    kind: 'day_count',
    name: '关键词库每日搜索次数',
    description: '关键词库每天可搜索的次数，北京时间零点重置',
    values: { FREE: 10, VIP: 100, CVIP: 200, SVIP: 500, EVIP: 2000, GVIP: 5000 },
    packable: true,
  },
  {
    alias: 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY',
    kind: 'day_count',
    name: '关键词详情每日查看次数',
    description: '每天可打开关键词详情的次数，北京时间零点重置',
    values: { FREE: 5, VIP: 50, CVIP: 100, SVIP: 300, EVIP: 1000, GVIP: 3000 },
    packable: true,
  },
  {
    alias: 'KEYWORD_LIBRARY_EXPORT',
    kind: 'day_count',
    name: '关键词每日导出次数',
    description: '每天可导出关键词列表的次数，每次最多导出100条',
    values: { VIP: 5, CVIP: 10, SVIP: 30, EVIP: 100, GVIP: 300 },
    packable: true,
  },
  {
    alias: 'AI_WRITING_BATCH_EXTRACTION',
    kind: 'day_count',
    name: '批量提取文案每日次数',
    description: '每天可批量提取文案的视频条数（每条视频一次），可购买次数包（类型9）增加',
    values: { FREE: 3, VIP: 30, CVIP: 60, SVIP: 150, EVIP: 500, GVIP: 1000 },
    packable: true,
  },
  {
    alias: 'AI_WRITING_COUNT_DAY',
    kind: 'day_count',
    name: 'AI写作每日次数',
    description: '每天可使用AI写作的次数，北京时间零点重置',
    values: { FREE: 5, VIP: 50, CVIP: 100, SVIP: 200, EVIP: 500, GVIP: 1000 },
    packable: true,
  },
  {
    alias: 'AI_REWRITING_COUNT_DAY',
    kind: 'day_count',
    name: 'AI改写每日次数',
    description: '每天可使用AI改写的次数，北京时间零点重置',
    values: { FREE: 5, VIP: 50, CVIP: 100, SVIP: 200, EVIP: 500, GVIP: 1000 },
    packable: true,
  },
  {
    alias: 'AI_PUB_BATCH_COUNT',
    kind: 'count',
    name: '图文作品发布额度',
    description: '一键发布中可同时保存的图文作品数，删除作品后归还',
    values: { FREE: 10, VIP: 100, CVIP: 200, SVIP: 500, EVIP: 2000, GVIP: 5000 },
    packable: true,
    exhausted: countTexts('当前剩余额度不足'),
  },
  {
    alias: 'VIDEO_LIBRARY_DETAIL_VIDEO_DATA',
    kind: 'flag',
    name: '视频详情-视频数据',
    description: '视频详情中发布后48小时的数据趋势',
    values: { FREE: 1, VIP: 1, CVIP: 1, SVIP: 1, EVIP: 1, GVIP: 1 },
    packable: false,
  },
  {
    alias: 'VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA',
    kind: 'flag',
    name: '视频详情-关联关键词',
    description: '视频详情中的关联关键词列表',
    values: { FREE: 1, VIP: 1, CVIP: 1, SVIP: 1, EVIP: 1, GVIP: 1 },
    packable: false,
  },
  {
    alias: 'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS',
    kind: 'flag',
    name: '视频详情-评论分析',
    description: '视频详情中的评论热词与评论列表',
    values: { VIP: 1, CVIP: 1, SVIP: 1, EVIP: 1, GVIP: 1 },
    packable: false,
  },
  {
    alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT',
    kind: 'flag',
    name: '视频详情-观众画像',
    description: '视频详情中的观众性别、年龄与地域分布',
    values: { SVIP: 1, EVIP: 1, GVIP: 1 },
    packable: false,
  },
  {
    alias: 'HOT_VIDEO_GOODS_ANAS',
    kind: 'flag',
    name: '热门视频带货分析',
    description: '热门视频的带货商品分析',
    values: { EVIP: 1, GVIP: 1 },
    packable: false,
  },
  {
    alias: 'KEYWORD_LIBRARY_ROWS',
    kind: 'rows',
    name: '关键词榜单可见条数',
    description: '关键词榜单与滚动加载列表最多可见的条数（data_max）',
    values: { FREE: 30, VIP: 300, CVIP: 600, SVIP: 1000, EVIP: 3000, GVIP: 5000 },
    packable: false,
  },
  {
    alias: 'KEYWORD_LIBRARY_PAGE_MAX',
    kind: 'rows',
    name: '关键词搜索翻页深度',
    description: '关键词搜索结果表格可翻到的条数（页码×每页条数不超过此值）',
    values: { FREE: 50, VIP: 500, CVIP: 1000, SVIP: 2000, EVIP: 5000, GVIP: 10000 },
    packable: false,
  },
  {
    alias: 'VIDEO_LIBRARY_ROWS',
    kind: 'rows',
    name: '视频列表可见条数',
    description: '视频库列表最多可见的条数',
    values: { FREE: 30, VIP: 300, CVIP: 600, SVIP: 1000, EVIP: 3000, GVIP: 5000 },
    packable: false,
  },
  {
    alias: 'PERSON_LIBRARY_ROWS',
    kind: 'rows',
    name: '达人列表可见条数',
    description: '达人库列表最多可见的条数',
    values: { FREE: 30, VIP: 300, CVIP: 600, SVIP: 1000, EVIP: 3000, GVIP: 5000 },
    packable: false,
  },
  {
    alias: 'API_UNIT_DAY_COUNT',
    kind: 'day_count',
    name: 'API 每日调用单位',
    description: 'API 与 MCP 每天可用的调用单位（每次调用按接口扣除单位，失败不扣），北京时间零点重置',
    // FREE has none, so a FREE member sees the upgrade prompt; units are an allowance, not sold in packs.
    values: { VIP: 1000, CVIP: 2000, SVIP: 5000, EVIP: 20000, GVIP: 50000 },
    packable: false,
  },
];

/** The definition of an alias, or undefined for an unknown one. */
export function findPermissionDefinition(alias: string): PermissionDefinition | undefined {
  return permissionConfig.find((definition) => definition.alias === alias);
}
