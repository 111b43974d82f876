import type {
  PlatformComment,
  PlatformCreatorRecord,
  PlatformDataProvider,
  PlatformPage,
  PlatformTrendPoint,
  PlatformVideoRecord,
} from './index';
import type { PlatformKeywordSource } from './keywords';
import {
  asCount,
  asList,
  asObject,
  asText,
  createTikhubClient,
  firstUrl,
  fromUnixSeconds,
  isTruthyFlag,
  type Json,
  objectsIn,
  type TikhubOptions,
} from './tikhub-client';
import { createTikhubKeywordSource } from './tikhub-keywords';

export { TikhubError, type TikhubOptions } from './tikhub-client';

/**
 * TikHub (api.tikhub.io): a paid REST API that reads public Douyin data (docs: api.tikhub.io/docs, the
 * OpenAPI file api.tikhub.io/openapi.json). Every call here is a GET with `Authorization: Bearer <API key>`,
 * answered in TikHub's envelope `{ code: 200, router, params, data }` where `data` is Douyin's own JSON.
 * Endpoints used (docs/videos.md, "Platform data providers", has the table and the caveats):
 *
 * - `/api/v1/douyin/app/v3/fetch_one_video?aweme_id` → `data.aweme_detail`
 * - `/api/v1/douyin/app/v3/handler_user_profile?sec_user_id` → `data.user`
 * - `/api/v1/douyin/app/v3/fetch_user_post_videos?sec_user_id&max_cursor&count` → `data.aweme_list`,
 *   `has_more`, `max_cursor`
 * - `/api/v1/douyin/app/v3/fetch_video_comments?aweme_id&cursor&count` → `data.comments`, `cursor`,
 *   `has_more`, `total`
 * - `/api/v1/douyin/web/fetch_video_search_result?keyword&offset&count&sort_type&publish_time&
 *   filter_duration&search_id` → `data.data[].aweme_info`, `cursor`, `has_more`, `extra.logid`
 *
 * TikHub recommends its app endpoints over the web ones for stability; the app search is deprecated in
 * favour of the web search, so search alone goes through the web family.
 *
 * A creator's `userId` with this source is Douyin's `sec_uid`: the profile and works endpoints are
 * asked by it, and the video endpoints name the author by it (`author.sec_uid`), so the refresh job's
 * `fetchCreator(record.authorUserId)` round-trips.
 *
 * The keyword side (suggestions, hot lists, topic suggestions) is in tikhub-keywords.ts; the transport
 * and the error mapping both sides share are in tikhub-client.ts.
 */

/** How many items a page asks for: TikHub's documented defaults (its docs warn against other counts). */
const POSTS_PER_PAGE = 20;
const COMMENTS_PER_PAGE = 20;
const SEARCH_PER_PAGE = 10;

/**
 * The opaque search cursor: TikHub's search pages by `offset` and needs the first page's `search_id`
 * (its `extra.logid`) on every later page, so both travel together.
 */
interface SearchCursor {
  offset: number;
  searchId: string;
}
const encodeSearchCursor = (cursor: SearchCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeSearchCursor(cursor: string): SearchCursor {
  try {
    const parsed = asObject(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed && Number.isSafeInteger(parsed.offset) && typeof parsed.searchId === 'string') {
      return { offset: parsed.offset as number, searchId: parsed.searchId };
    }
  } catch {
    // falls through to the error below
  }
  throw new TypeError('not a TikHub search cursor');
}

/** Douyin's numeric paging cursors (max_cursor, comment cursor) as our opaque text. */
function numericCursor(cursor: string | null): string {
  if (cursor === null) return '0';
  if (!/^\d{1,20}$/.test(cursor)) throw new TypeError('not a TikHub paging cursor');
  return cursor;
}

/** Creates the TikHub adapter behind the platform data interface. */
export function createTikhubPlatformData(options: TikhubOptions): PlatformDataProvider & PlatformKeywordSource {
  const client = createTikhubClient(options);
  const call = client.get;
  const now = options.now ?? (() => new Date());

  const toVideo = (aweme: Json): PlatformVideoRecord => mapAweme(aweme, now());

  return {
    name: 'tikhub',
    isDemo: false,
    ...createTikhubKeywordSource(client, now),

    async fetchVideo(awemeId) {
      const data = await call('/api/v1/douyin/app/v3/fetch_one_video', { aweme_id: awemeId });
      // An id Douyin does not know comes back without aweme_detail (with a filter_detail saying why).
      const aweme = asObject(data?.aweme_detail);
      return aweme && asText(aweme.aweme_id) ? toVideo(aweme) : null;
    },

    async fetchCreator(userId) {
      const data = await call('/api/v1/douyin/app/v3/handler_user_profile', { sec_user_id: userId });
      const user = asObject(data?.user);
      return user && (asText(user.sec_uid) || asText(user.uid)) ? mapUser(user, userId, now()) : null;
    },

    async fetchCreatorVideos(userId, cursor) {
      const data = await call('/api/v1/douyin/app/v3/fetch_user_post_videos', {
        sec_user_id: userId,
        max_cursor: numericCursor(cursor),
        count: String(POSTS_PER_PAGE),
      });
      const items = objectsIn(data?.aweme_list);
      const next = asText(data?.max_cursor);
      return {
        items: items.map(toVideo),
        nextCursor: isTruthyFlag(data?.has_more) && next && next !== '0' && items.length > 0 ? next : null,
        total: null,
      } satisfies PlatformPage<PlatformVideoRecord>;
    },

    async fetchComments(awemeId, cursor) {
      const data = await call('/api/v1/douyin/app/v3/fetch_video_comments', {
        aweme_id: awemeId,
        cursor: numericCursor(cursor),
        count: String(COMMENTS_PER_PAGE),
      });
      const comments = objectsIn(data?.comments).filter((item) => asText(item.cid) !== '');
      const next = asText(data?.cursor);
      return {
        items: comments.map(mapComment),
        nextCursor: isTruthyFlag(data?.has_more) && next && comments.length > 0 ? next : null,
        total: data && data.total !== undefined && data.total !== null ? asCount(data.total) : null,
      } satisfies PlatformPage<PlatformComment>;
    },

    async fetchTrend(): Promise<PlatformTrendPoint[]> {
      // TikHub reads the figures as they are now and keeps no history: the refresh job builds the
      // first-72-hours trend from its own snapshots.
      return [];
    },

    async searchVideos(keyword, cursor) {
      const position = cursor === null ? { offset: 0, searchId: '' } : decodeSearchCursor(cursor);
      const data = await call('/api/v1/douyin/web/fetch_video_search_result', {
        keyword,
        offset: String(position.offset),
        count: String(SEARCH_PER_PAGE),
        sort_type: '0',
        publish_time: '0',
        filter_duration: '0',
        search_id: position.searchId,
      });
      // Results mix kinds (users, topics, live rooms); the works are the entries carrying aweme_info.
      const items = asList(data?.data)
        .map((entry) => asObject(asObject(entry)?.aweme_info))
        .filter((item): item is Json => item !== null && asText(item.aweme_id) !== '');
      const searchId =
        position.searchId || asText(asObject(data?.extra)?.logid) || asText(asObject(data?.log_pb)?.impr_id);
      const nextOffset = asCount(data?.cursor) || position.offset + SEARCH_PER_PAGE;
      return {
        items: items.map(toVideo),
        nextCursor:
          isTruthyFlag(data?.has_more) && items.length > 0
            ? encodeSearchCursor({ offset: nextOffset, searchId })
            : null,
        total: null,
      } satisfies PlatformPage<PlatformVideoRecord>;
    },
  };
}

/**
 * A Douyin aweme (video or image-text post) as our record. Numbers arrive as Douyin sends them; ids
 * are read from their string forms (`id_str`) where Douyin also sends a 64-bit number, which a
 * JavaScript number would round.
 */
export function mapAweme(aweme: Json, fetchedAt: Date): PlatformVideoRecord {
  const video = asObject(aweme.video);
  const statistics = asObject(aweme.statistics);
  const music = asObject(aweme.music);
  const author = asObject(aweme.author);
  const images = asList(aweme.images);
  const isImagePost = images.length > 0;
  const awemeId = asText(aweme.aweme_id);
  const tags = asList(aweme.text_extra)
    .map(asObject)
    .map((extra) => asText(extra?.hashtag_name).trim())
    .filter((name, index, all) => name !== '' && all.indexOf(name) === index);
  const cover =
    firstUrl(video?.cover) || firstUrl(video?.origin_cover) || firstUrl(video?.dynamic_cover) || firstUrl(images[0]);
  const playUrl = isImagePost ? '' : firstUrl(video?.play_addr) || firstUrl(video?.download_addr);
  const shareUrl =
    asText(aweme.share_url) ||
    asText(asObject(aweme.share_info)?.share_url) ||
    (awemeId ? `https://www.douyin.com/video/${awemeId}` : '');
  return {
    awemeId,
    authorUserId: asText(author?.sec_uid) || asText(author?.uid),
    desc: asText(aweme.desc),
    tags,
    cover,
    shareUrl,
    playUrl: playUrl || null,
    createTime: fromUnixSeconds(aweme.create_time),
    // Douyin gives durations in milliseconds (video.duration, and aweme.duration for the same figure).
    durationMs: isImagePost ? 0 : asCount(video?.duration) || asCount(aweme.duration),
    goodCount: asCount(statistics?.digg_count),
    commentCount: asCount(statistics?.comment_count),
    shareCount: asCount(statistics?.share_count),
    collectCount: asCount(statistics?.collect_count),
    musicId: music ? asText(music.id_str) || asText(music.mid) || asText(music.id) || null : null,
    musicTitle: music ? asText(music.title) || null : null,
    // The aweme JSON carries a cart marker but neither prices nor sales of the goods: unknown.
    goods: null,
    status: awemeStatus(asObject(aweme.status)),
    fetchedAt,
  };
}

/** Douyin's status flags: deleted wins over hidden (private, only-me, under review, prohibited). */
function awemeStatus(status: Json | null): PlatformVideoRecord['status'] {
  if (!status) return 'normal';
  if (isTruthyFlag(status.is_delete)) return 'deleted';
  if (isTruthyFlag(status.is_private) || isTruthyFlag(status.is_prohibited) || asCount(status.private_status) > 0) {
    return 'hidden';
  }
  return 'normal';
}

/** A Douyin user profile as our creator record; `askedId` is the sec_uid we asked with. */
export function mapUser(user: Json, askedId: string, fetchedAt: Date): PlatformCreatorRecord {
  const gender = asCount(user.gender);
  const enterprise = asText(user.enterprise_verify_reason);
  const custom = asText(user.custom_verify);
  // ip_location reads "IP属地：广东"; it stands in for the province when the profile sets none.
  const ipProvince = asText(user.ip_location).replace(/^IP属地[：:]\s*/, '');
  return {
    userId: asText(user.sec_uid) || askedId,
    uniqueId: asText(user.unique_id) || asText(user.short_id),
    nickName: asText(user.nickname),
    avatar:
      firstUrl(user.avatar_larger) ||
      firstUrl(user.avatar_300x300) ||
      firstUrl(user.avatar_medium) ||
      firstUrl(user.avatar_thumb),
    signature: asText(user.signature),
    gender: gender === 1 || gender === 2 ? gender : 0,
    province: asText(user.province) || ipProvince,
    city: asText(user.city),
    field: null,
    verified: enterprise !== '' || custom !== '',
    verifyInfo: enterprise || custom || null,
    isCommerce: isTruthyFlag(user.with_commerce_entry) || isTruthyFlag(user.with_shop_entry),
    mcn: null,
    // mplatform_followers_count counts the followers across ByteDance's apps, which the profile shows.
    followerCount: asCount(user.mplatform_followers_count) || asCount(user.follower_count),
    totalFavorited: asCount(user.total_favorited),
    awemeCount: asCount(user.aweme_count),
    videoCommentTotalCount: null,
    videoShareTotalCount: null,
    videoCollectTotalCount: null,
    salesAmountFen30d: null,
    liveCount: null,
    fetchedAt,
  };
}

/** A Douyin comment as ours; `reply_comment_total` is the reply count the app shows. */
function mapComment(comment: Json): PlatformComment {
  const user = asObject(comment.user);
  return {
    cid: asText(comment.cid),
    text: asText(comment.text),
    createTime: fromUnixSeconds(comment.create_time),
    diggCount: asCount(comment.digg_count),
    replyCount: asCount(comment.reply_comment_total),
    nickname: asText(user?.nickname),
    avatarUrl: firstUrl(user?.avatar_thumb) || firstUrl(user?.avatar_medium),
  };
}
