/**
 * Test-only: Douyin's JSON of the video side as the fake TikHub (fake-tikhub.ts) serves it: awemes, user
 * profiles and comments with the fields real answers carry around the ones the adapter reads.
 */
/** A work as the fake keeps it; `fakeAweme` makes a full Douyin aweme from it. */
export interface FakeAwemeInput {
  awemeId: string;
  authorSecUid: string;
  desc?: string;
  hashtags?: string[];
  /** Unix seconds. */
  createTime?: number;
  durationMs?: number;
  digg?: number;
  comments?: number;
  shares?: number;
  collects?: number;
  /** An image-text post: these image addresses instead of a video. */
  images?: string[];
  deleted?: boolean;
  private?: boolean;
  musicId?: string;
  musicTitle?: string;
}

export interface FakeUserInput {
  secUid: string;
  uid?: string;
  uniqueId?: string;
  nickname?: string;
  followers?: number;
  totalFavorited?: number;
  awemeCount?: number;
  gender?: number;
  province?: string;
  city?: string;
  ipLocation?: string;
  enterpriseVerify?: string;
  customVerify?: string;
  commerce?: boolean;
}

export interface FakeCommentInput {
  cid: string;
  text: string;
  createTime?: number;
  digg?: number;
  replies?: number;
  nickname?: string;
}

const image = (uri: string, urls: string[]) => ({ uri, url_list: urls, width: 720, height: 720 });
const cdn = (path: string) => `https://p3-sign.douyinpic.com/${path}~tplv-dy-resize:720:720.jpeg?x-expires=1999999999`;

/** A Douyin aweme in the app API's shape, with the fields real answers carry around the ones we read. */
export function fakeAweme(input: FakeAwemeInput, author: Record<string, unknown> | null): Record<string, unknown> {
  const isImagePost = (input.images?.length ?? 0) > 0;
  const hashtags = input.hashtags ?? [];
  const desc = input.desc ?? `${hashtags.map((tag) => `#${tag}`).join(' ')}`;
  const durationMs = isImagePost ? 0 : (input.durationMs ?? 15_300);
  const musicId = input.musicId ?? '7301234567890123456';
  return {
    aweme_id: input.awemeId,
    desc,
    create_time: input.createTime ?? 1_732_000_000,
    aweme_type: isImagePost ? 68 : 0,
    author: author ?? { uid: '0', sec_uid: input.authorSecUid, nickname: '' },
    author_user_id: Number(author?.uid ?? 0),
    duration: durationMs,
    video: isImagePost
      ? { cover: image('cover', [cdn(`cover-${input.awemeId}`)]), duration: 0, play_addr: null }
      : {
          play_addr: image(`v0200fg10000${input.awemeId}`, [
            `https://v26-web.douyinvod.com/${input.awemeId}/video/tos/cn/play.mp4`,
            `https://v3-web.douyinvod.com/${input.awemeId}/video/tos/cn/play.mp4`,
          ]),
          cover: image(`cover-${input.awemeId}`, [cdn(`cover-${input.awemeId}`)]),
          origin_cover: image(`origin-${input.awemeId}`, [cdn(`origin-${input.awemeId}`)]),
          dynamic_cover: image(`dynamic-${input.awemeId}`, [cdn(`dynamic-${input.awemeId}`)]),
          duration: durationMs,
          ratio: '1080p',
          width: 1080,
          height: 1920,
        },
    images: isImagePost ? input.images!.map((url, index) => image(`image-${index}`, [url])) : null,
    music: {
      // Douyin sends the 64-bit id as a number too; real answers lose precision in JavaScript there.
      id: Number(musicId),
      id_str: musicId,
      mid: musicId,
      title: input.musicTitle ?? '@原声',
      author: '原声',
      duration: 15,
    },
    statistics: {
      aweme_id: input.awemeId,
      digg_count: input.digg ?? 0,
      comment_count: input.comments ?? 0,
      share_count: input.shares ?? 0,
      collect_count: input.collects ?? 0,
      play_count: 0,
      download_count: 0,
      forward_count: 0,
      admire_count: 0,
    },
    status: {
      aweme_id: input.awemeId,
      is_delete: Boolean(input.deleted),
      allow_share: true,
      is_prohibited: false,
      in_reviewing: false,
      private_status: input.private ? 1 : 0,
      is_private: Boolean(input.private),
      reviewed: 1,
      download_status: 0,
    },
    text_extra: hashtags.map((tag, index) => ({
      start: index,
      end: index + tag.length + 1,
      type: 1,
      hashtag_name: tag,
      hashtag_id: `16${String(index).padStart(17, '0')}`,
      is_commerce: false,
    })),
    share_url: `https://www.iesdouyin.com/share/video/${input.awemeId}/?region=CN&mid=${musicId}`,
    share_info: { share_url: `https://www.iesdouyin.com/share/video/${input.awemeId}/`, share_link_desc: desc },
    is_top: 0,
    prevent_download: false,
    region: 'CN',
  };
}

/** A Douyin user profile (handler_user_profile's `data.user`). */
export function fakeUser(input: FakeUserInput): Record<string, unknown> {
  const uid = input.uid ?? String(10_000_000_000 + Math.floor(Math.random() * 1e9));
  const avatar = (size: number) => image(`avatar-${uid}`, [cdn(`aweme-avatar/${size}x${size}/${uid}`)]);
  return {
    uid,
    sec_uid: input.secUid,
    short_id: '0',
    unique_id: input.uniqueId ?? '',
    nickname: input.nickname ?? '',
    signature: '每天分享一点生活',
    avatar_thumb: avatar(100),
    avatar_medium: avatar(720),
    avatar_larger: avatar(1080),
    avatar_300x300: avatar(300),
    gender: input.gender ?? 0,
    province: input.province ?? '',
    city: input.city ?? '',
    country: '中国',
    ip_location: input.ipLocation ?? '',
    follower_count: input.followers ?? 0,
    mplatform_followers_count: input.followers ?? 0,
    following_count: 120,
    total_favorited: input.totalFavorited ?? 0,
    favoriting_count: 300,
    aweme_count: input.awemeCount ?? 0,
    custom_verify: input.customVerify ?? '',
    enterprise_verify_reason: input.enterpriseVerify ?? '',
    verification_type: input.enterpriseVerify ? 2 : input.customVerify ? 1 : 0,
    with_commerce_entry: Boolean(input.commerce),
    with_shop_entry: false,
    is_star: false,
    live_status: 0,
    room_id: 0,
  };
}

export function fakeComment(awemeId: string, input: FakeCommentInput): Record<string, unknown> {
  return {
    cid: input.cid,
    text: input.text,
    aweme_id: awemeId,
    create_time: input.createTime ?? 1_732_003_600,
    digg_count: input.digg ?? 0,
    status: 1,
    reply_id: '0',
    reply_comment_total: input.replies ?? 0,
    user: {
      uid: `9${input.cid}`,
      nickname: input.nickname ?? '抖音用户',
      avatar_thumb: image(`avatar-${input.cid}`, [cdn(`aweme-avatar/100x100/${input.cid}`)]),
    },
    ip_label: '广东',
    is_author_digged: false,
  };
}
