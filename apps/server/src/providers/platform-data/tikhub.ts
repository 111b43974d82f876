import type {
  PlatformComment,
  PlatformCreatorRecord,
  PlatformDataError,
  PlatformDataErrorReason,
  PlatformDataProvider,
  PlatformPage,
  PlatformTrendPoint,
  PlatformVideoRecord,
} from './index';

/**
 * TikHub (api.tikhub.io): a paid REST API that reads public Douyin data (docs: api.tikhub.io/docs, the
 * OpenAPI file api.tikhub.io/openapi.json). Every call is a GET with `Authorization: Bearer <API key>`,
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
 */
export interface TikhubOptions {
  /** https://api.tikhub.io (or the mainland mirror https://api.tikhub.dev, or a fake server in tests). */
  baseUrl: string;
  /** The API key made in the TikHub user console (needs the Douyin scopes). */
  apiKey: string;
  /** How long one call may take before it counts as unavailable; 15 s by default. */
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** The clock that stamps `fetchedAt`. */
  now?: () => Date;
}

/** How many items a page asks for: TikHub's documented defaults (its docs warn against other counts). */
const POSTS_PER_PAGE = 20;
const COMMENTS_PER_PAGE = 20;
const SEARCH_PER_PAGE = 10;
const DEFAULT_TIMEOUT_MS = 15_000;

/** A TikHub call that did not give an answer we can use. */
export class TikhubError extends Error implements PlatformDataError {
  constructor(
    readonly reason: PlatformDataErrorReason,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'TikhubError';
  }
}

/** Loosely typed JSON as Douyin sends it: every field may be missing, null or of another type. */
type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
/** A count: Douyin sends numbers, sometimes numeric strings; anything else is 0. */
const asCount = (value: unknown): number => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : 0;
};
/** The first address of an image object `{ uri, url_list: [...] }`. */
const firstUrl = (image: unknown): string => asText(asList(asObject(image)?.url_list)[0]);
/** The objects of a list field, leaving out whatever else it holds. */
const objectsIn = (value: unknown): Json[] =>
  asList(value)
    .map(asObject)
    .filter((item): item is Json => item !== null);
const isTruthyFlag = (value: unknown) => value === true || value === 1 || value === '1';

/** Douyin's Unix seconds; a missing or zero time is the epoch rather than now, so it is visibly wrong. */
const fromUnixSeconds = (value: unknown) => new Date(asCount(value) * 1000);

/** The reason for an HTTP status TikHub answered with (anything but 200). */
function reasonForStatus(status: number, body: string): PlatformDataErrorReason {
  if (status === 429 || status === 402) return 'rate_limited';
  if (status === 401) return 'unauthorized';
  // TikHub answers 403 both for a key lacking the endpoint's scope and for a spent balance.
  if (status === 403) return /balance|quota|credit|余额|额度|充值/i.test(body) ? 'rate_limited' : 'unauthorized';
  return 'unavailable';
}

/** A short form of an error body for the log (never the whole page of a proxy's error). */
function detailOf(body: string): string {
  try {
    const parsed = asObject(JSON.parse(body));
    const detail = parsed?.detail ?? parsed?.message ?? parsed;
    return (typeof detail === 'string' ? detail : JSON.stringify(detail)).slice(0, 300);
  } catch {
    return body.slice(0, 300);
  }
}

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
export function createTikhubPlatformData(options: TikhubOptions): PlatformDataProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  if (!options.apiKey) throw new Error('TikHub needs an API key (TIKHUB_API_KEY)');

  /** One GET; resolves TikHub's `data`, or null when TikHub says the subject does not exist (404). */
  const call = async (path: string, query: Record<string, string>): Promise<Json | null> => {
    const url = `${baseUrl}${path}?${new URLSearchParams(query)}`;
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new TikhubError(
        'unavailable',
        timedOut ? `TikHub ${path} timed out after ${timeoutMs} ms` : `TikHub ${path} unreachable`,
        (error as Error).message,
      );
    }
    if (response.status === 404) return null;
    if (response.status !== 200) {
      const reason = reasonForStatus(response.status, body);
      const retryAfter = response.headers.get('retry-after');
      throw new TikhubError(
        reason,
        `TikHub ${path} answered HTTP ${response.status}`,
        `${detailOf(body)}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}`,
      );
    }
    let envelope: Json | null;
    try {
      envelope = asObject(JSON.parse(body));
    } catch {
      envelope = null;
    }
    const data = asObject(envelope?.data);
    if (envelope?.code !== 200 || !data) {
      throw new TikhubError('unavailable', `TikHub ${path} answered something unreadable`, body.slice(0, 300));
    }
    return data;
  };

  const toVideo = (aweme: Json): PlatformVideoRecord => mapAweme(aweme, now());

  return {
    name: 'tikhub',
    isDemo: false,

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
