import {
  type BoardList,
  type CreatorList,
  creatorLibraryPath,
  hotBoardPath,
  type KeywordDetail,
  type KeywordList,
  type KeywordRow,
  keywordDetailPath,
  type MonitorList,
  monitorDashboardPath,
  personDetailPath,
  type RelatedList,
  type RelationKind,
  type VideoList,
  videoDetailPath,
  videoSearchPath,
} from '@dso/contract';

/*
 * The open calls' answers as an assistant reads them: a headline, at most {@link TOP_ROWS} numbered rows with each
 * figure named and its unit, the date the figures are as of, and the address of the product page that shows the
 * same data. A model's context is small and costly, so the page's full row (ids, covers, flags) is left out.
 */

/** Rows an answer lists (the open call is asked for this page size). */
export const TOP_ROWS = 10;

/** An answer: its text, one line per row after the headline. */
export interface ToolAnswer {
  text: string;
}

/** A page of the web app at the site's address. */
export type PageLink = (path: string) => string;

/** A figure as the viewer may see it: the exact number grouped by thousands, or its display band (1w-5w) as given. */
function figure(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

/** A growth rate: an exact fraction as a percentage, or its band as given. */
function rate(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? `${(value * 100).toFixed(2)}%` : value;
}

/** The latest `as_of` of the rows (each figure's date; a page of rows usually shares one). */
function latestAsOf(rows: ReadonlyArray<{ as_of: string | null }>): string | null {
  return rows.reduce<string | null>(
    (latest, row) => (row.as_of && (!latest || row.as_of > latest) ? row.as_of : latest),
    null,
  );
}

function totalText(list: { total_record: number; total_estimated?: boolean }): string {
  return `${list.total_estimated ? '约 ' : ''}${list.total_record.toLocaleString('en-US')}`;
}

/** A day from Unix seconds, in Shanghai time (YYYY-MM-DD). */
function shanghaiDay(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

function keywordLine(row: KeywordRow, link: PageLink): string {
  const parts = [
    `搜索指数 ${figure(row.search_index)}`,
    `月覆盖人次 ${figure(row.month_cover_count)}`,
    `相关作品 ${figure(row.related_work_count)} 条`,
    `竞争度 ${row.competition}/4 星`,
    `7日增长 ${rate(row.growth_rate)}`,
  ];
  if (row.blue_ocean) parts.push('蓝海词');
  if (row.industry) parts.push(`行业 ${row.industry}`);
  return `${row.keyword}｜${parts.join('｜')}｜${link(keywordDetailPath(row))}`;
}

function numbered(lines: string[]): string[] {
  return lines.map((line, at) => `${at + 1}. ${line}`);
}

function answer(lines: Array<string | null>): ToolAnswer {
  return { text: lines.filter((line): line is string => line !== null).join('\n') };
}

/** The relations' names, as the keyword detail page's 相关词 tab names them. */
export const relationNames: Record<RelationKind, string> = {
  sug: '下拉词',
  correlation: '相关词',
  industry: '行业词',
  root: '词根',
};

const asOfLine = (asOf: string | null) => (asOf ? `数据日期：${asOf}` : null);

export function keywordSearchAnswer(
  list: KeywordList,
  request: { keyword: string; platform: KeywordRow['platform']; country?: string | undefined },
  link: PageLink,
): ToolAnswer {
  const rows = list.result.slice(0, TOP_ROWS);
  if (rows.length === 0)
    return answer([`关键词库（${request.platform}）中没有找到与「${request.keyword}」相关的关键词。`]);
  return answer([
    `关键词库（${request.platform}）搜索「${request.keyword}」：共 ${totalText(list)} 个结果，按搜索指数从高到低列出前 ${rows.length} 个。`,
    asOfLine(latestAsOf(rows)),
    ...numbered(rows.map((row) => keywordLine(row, link))),
  ]);
}

export function keywordDetailAnswer(detail: KeywordDetail, link: PageLink): ToolAnswer {
  const row = detail.keyword;
  const compete = detail.competeAnalyze;
  const points = detail.trend?.points ?? [];
  const last = points.at(-1);
  const others = detail.platforms.filter((item) => item.found && item.platform !== row.platform);
  return answer([
    `关键词「${row.keyword}」（${row.platform}${row.country ? ` ${row.country}` : ''}）详情：`,
    asOfLine(row.as_of),
    `搜索指数 ${figure(row.search_index)}｜月覆盖人次 ${figure(row.month_cover_count)}｜相关作品 ${figure(row.related_work_count)} 条｜7日增长 ${rate(row.growth_rate)}`,
    `竞争度 ${compete.stars}/4 星（${compete.level}）：${compete.summary}`,
    row.industry
      ? `行业：${row.industry}${row.commerce_intent ? '，有带货意图' : ''}${row.blue_ocean ? '，蓝海词' : ''}`
      : null,
    detail.trend && last
      ? `近期趋势（${detail.trend.start_day} 至 ${detail.trend.end_day}，每日搜索指数${detail.trend.banded ? '，按展示精度取整' : ''}）：最新 ${last.day} 为 ${figure(last.value)}`
      : null,
    others.length
      ? `其他平台：${others.map((item) => `${item.platform}${item.country ? ` ${item.country}` : ''} 搜索指数 ${figure(item.search_index)}`).join('；')}`
      : null,
    `今日详情查看次数：已用 ${detail.detail_use.use_val} / ${detail.detail_use.per_val}`,
    `查看页面：${link(keywordDetailPath(row))}`,
  ]);
}

export function relatedKeywordsAnswer(
  list: RelatedList,
  request: { keyword: string; platform: KeywordRow['platform']; country?: string | undefined },
  link: PageLink,
): ToolAnswer {
  const rows = list.result.slice(0, TOP_ROWS);
  const kind = relationNames[list.relation];
  const page = link(keywordDetailPath(request, 'relatedWords'));
  if (rows.length === 0) return answer([`「${request.keyword}」暂无${kind}。`, `查看页面：${page}`]);
  return answer([
    `「${request.keyword}」的${kind}：共 ${totalText(list)} 个，列出前 ${rows.length} 个${list.main_word ? `（主词「${list.main_word}」）` : ''}。关联强度 0–100，越大越相关。`,
    asOfLine(latestAsOf(rows)),
    ...numbered(rows.map((row) => `关联强度 ${row.relation_strength ?? '—'}｜${keywordLine(row, link)}`)),
    `查看页面：${page}`,
  ]);
}

export function hotBoardAnswer(board: BoardList, link: PageLink): ToolAnswer {
  const rows = board.result.slice(0, TOP_ROWS);
  const page = link(hotBoardPath(board.board));
  const title = `${board.title}${board.industry ? `（${board.industry}）` : ''}`;
  if (rows.length === 0) return answer([`${title}暂无数据。`, `查看页面：${page}`]);
  const change = (value: number | null) =>
    value === null ? '新上榜' : value > 0 ? `上升 ${value} 名` : value < 0 ? `下降 ${-value} 名` : '名次不变';
  return answer([
    `${title}：共 ${board.total_record.toLocaleString('en-US')} 个词，列出前 ${rows.length} 名。`,
    asOfLine(board.as_of),
    ...rows.map((row) => `第 ${row.rank} 名（${change(row.rank_change)}）｜${keywordLine(row, link)}`),
    `查看页面：${page}`,
  ]);
}

export function videoSearchAnswer(list: VideoList, request: { keyword: string }, link: PageLink): ToolAnswer {
  const rows = list.result.slice(0, TOP_ROWS);
  const page = link(videoSearchPath(request.keyword));
  if (rows.length === 0) return answer([`视频库中没有标题包含「${request.keyword}」的视频。`, `查看页面：${page}`]);
  return answer([
    `视频库中标题包含「${request.keyword}」的视频：共 ${totalText(list)} 个，列出前 ${rows.length} 个。`,
    ...numbered(
      rows.map(
        (row) =>
          `${row.video_desc.slice(0, 60)}｜作者 ${row.user_nick_name}（粉丝 ${figure(row.total_follower_count)}）｜点赞 ${figure(row.good_count)}｜评论 ${figure(row.comment_count)}｜分享 ${figure(row.share_count)}｜收藏 ${figure(row.collect_count)}｜发布于 ${shanghaiDay(row.create_time)}｜${link(videoDetailPath(row.video_id))}`,
      ),
    ),
    `查看页面：${page}`,
  ]);
}

export function creatorSearchAnswer(
  list: CreatorList,
  request: { keyword?: string | undefined },
  link: PageLink,
): ToolAnswer {
  const rows = list.result.slice(0, TOP_ROWS);
  const subject = request.keyword ? `昵称或抖音号含「${request.keyword}」的达人` : '达人';
  if (rows.length === 0) return answer([`达人库中没有找到${subject}。`, `查看页面：${link(creatorLibraryPath)}`]);
  return answer([
    `达人库中${subject}：共 ${totalText(list)} 个，列出前 ${rows.length} 个。`,
    asOfLine(latestAsOf(rows)),
    ...numbered(
      rows.map(
        (row) =>
          `${row.nick_name}（抖音号 ${row.unique_id}）｜${row.size_class.label}｜领域 ${row.field ?? '未知'}｜粉丝 ${figure(row.total_follower_count)}｜近30天涨粉 ${figure(row.follower_growth_30d)}｜获赞 ${figure(row.total_favorited)}｜作品 ${figure(row.aweme_count)} 个${row.is_commerce ? '｜带货' : ''}｜${link(personDetailPath(row.user_id))}`,
      ),
    ),
    `查看页面：${link(creatorLibraryPath)}`,
  ]);
}

export function monitorRanksAnswer(list: MonitorList, link: PageLink): ToolAnswer {
  const rows = list.result.slice(0, TOP_ROWS);
  const page = link(monitorDashboardPath);
  const use = `监控额度：已用 ${list.use.use_val} / ${list.use.per_val}`;
  if (rows.length === 0) return answer(['您还没有监控任何关键词或作品。', use, `查看页面：${page}`]);
  const place = (item: MonitorList['result'][number]) => {
    const latest = item.latest;
    if (!latest) return '尚未检查';
    if (latest.status === 'pending') return `${latest.day} 待检查`;
    if (latest.status === 'failed') return `${latest.day} 检查失败`;
    if (item.aweme_id === null) return `${latest.day} 前100名中有 ${latest.ranked_count ?? 0} 个作品`;
    if (latest.status === 'unranked' || latest.rank === null) return `${latest.day} 未进入前100名`;
    const before = item.previous_rank;
    const moved = !item.has_previous
      ? '，新上榜'
      : before === null
        ? ''
        : before === latest.rank
          ? '，名次不变'
          : `，上次第 ${before} 名`;
    return `${latest.day} 排第 ${latest.rank} 名${moved}`;
  };
  return answer([
    `您的排名监控：共 ${list.total_record} 项，列出前 ${rows.length} 项。`,
    use,
    ...numbered(
      rows.map((item) =>
        item.aweme_id === null
          ? `关键词「${item.keyword}」（${item.platform}）｜${place(item)}`
          : `作品「${item.work_title}」在「${item.keyword}」下｜${place(item)}｜${link(videoDetailPath(item.aweme_id))}`,
      ),
    ),
    `查看页面：${page}`,
  ]);
}
