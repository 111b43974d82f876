import { z } from 'zod';
import { phoneSchema } from './account';
import { pageFields, pageSizeUpTo, requiredTextSchema } from './shapes';
import { permissionUseSchema } from './user';

/**
 * 一键发布 and 账号授权 (000 §2.1–§2.3, 001 §2, §3): Douyin accounts a user authorises through
 * the Douyin Open Platform's OAuth (within AUTH_TIKTOK_COUNT), and posts — an uploaded video or a set of
 * images with a caption — published to chosen accounts as jobs, one delivery per account.
 * docs/publishing.md.
 */

export const PublishingPath = {
  /** GET. Login. The user's authorised accounts and the AUTH_TIKTOK_COUNT use. */
  accounts: '/api/publishing/accounts',
  /** POST { return_to }. Login. Starts an authorisation: answers the platform's authorise address. */
  authorize: '/api/publishing/authorize',
  /** POST { id }. Login. Refreshes an account's access token now. */
  refresh: '/api/publishing/accounts/refresh',
  /** POST { id }. Login. Ends an authorisation: the tokens are dropped and the seat is given back. */
  revoke: '/api/publishing/accounts/revoke',
  /** POST multipart (one file). Login. A video or an image for a post, through the upload guard. */
  media: '/api/publishing/media',
  /** POST { kind, title, text, media_ids, account_ids }. Login. Publishes a post to the accounts. */
  publish: '/api/publishing/posts',
  /** GET ?page_no&page_size. Login. The user's posts, newest first, each with its deliveries. */
  posts: '/api/publishing/posts/list',
  /** POST { id }. Login. Publishes a failed delivery again. */
  retry: '/api/publishing/deliveries/retry',
  /** GET ?code&state: where the platform sends the browser back after the user answered. */
  douyinCallback: '/api/callback/douyin',
  /** POST (Douyin's webhooks, signed): address check and `unauthorize` (the user cancelled in the app). */
  douyinWebhook: '/api/callback/douyin/webhook',
  /** GET ?state&redirect_uri, POST form: the sandbox's stand-in for Douyin's authorise page. */
  sandboxAuthorize: '/api/sandbox/douyin/authorize',
} as const;

/** The permission an authorised account takes a unit of while it stays authorised (001 §3). */
export const PUBLISHING_ALIAS = 'AUTH_TIKTOK_COUNT';

export const publishingLimits = {
  /** Douyin's video upload takes at most 128 MB in one request (its upload document). */
  videoMaxBytes: 128 * 1024 * 1024,
  /** Douyin's image upload takes at most 10 MB (its image upload document). */
  imageMaxBytes: 10 * 1024 * 1024,
  /** Images of one image-text post. */
  imagesMax: 9,
  titleMax: 30,
  /** Douyin's caption limit. */
  textMax: 1000,
  /** Accounts one post goes to at once. */
  accountsMax: 30,
  pageSizeMax: 50,
  /** Tries of one delivery before it stays failed (a press of 重试 starts again). */
  deliveryAttempts: 3,
} as const;

/** Texts of this feature, the same wherever they show. */
export const publishingMessages = {
  accountNotFound: '授权账号不存在',
  accountTakenByOther: '该抖音账号已被其他用户授权',
  authorizeExpired: '授权已失效，请重新发起授权',
  authorizeCancelled: '已取消授权',
  authorizeFailed: '授权失败，请稍后重试',
  tokenExpired: '授权已过期，请重新授权',
  mediaMissing: '请上传要发布的视频或图片',
  videoOne: '视频作品只能包含一个视频',
  imagesOnly: '图文作品只能包含图片',
  tooManyImages: `图文作品最多 ${publishingLimits.imagesMax} 张图片`,
  workMissing: '请选择要发布的 AI 图文作品',
  workNotFound: 'AI 图文作品不存在或尚未生成完成',
  mediaNotFound: '文件不存在或已过期，请重新上传',
  mediaType: '仅支持 mp4、webm 视频和 jpg、png、webp 图片',
  videoTooLarge: '视频大小不能超过 128MB',
  imageTooLarge: '图片大小不能超过 10MB',
  accountsMissing: '请选择要发布的授权账号',
  accountInactive: '所选账号授权已过期，请重新授权后再发布',
  textMissing: '请输入作品描述',
  textTooLong: `作品描述不能超过 ${publishingLimits.textMax} 个字`,
  titleTooLong: `作品标题不能超过 ${publishingLimits.titleMax} 个字`,
  deliveryNotFound: '发布记录不存在',
  deliveryNotFailed: '只有发布失败的记录可以重试',
  published: '已提交发布',
  revoked: '已取消授权',
  refreshed: '授权已刷新',
  uploadForm: '请以 multipart/form-data 上传一个文件',
  unavailable: '抖音开放平台暂时无法访问，请稍后重试',
} as const;

const idSchema = z.coerce
  .number({ error: '参数错误' })
  .int('参数错误')
  .positive('参数错误')
  .max(2_147_483_647, '参数错误');

/** The pages an authorisation may return to (an open redirect is not offered). */
export const authorizeReturnPaths = [
  '/setting?type=second',
  '/oneSendAuthorization',
  '/douYinSendAuthorization',
  '/oneSend',
] as const;

export const authorizeBodySchema = z.object({
  return_to: z.enum(authorizeReturnPaths).default('/setting?type=second'),
});
export type AuthorizeBody = z.infer<typeof authorizeBodySchema>;

export const authorizeResultSchema = z.object({
  /** Where the browser goes to answer: Douyin's authorise page, or the sandbox's. */
  url: z.string(),
});
export type AuthorizeResult = z.infer<typeof authorizeResultSchema>;

export const publishingIdBodySchema = z.object({ id: idSchema });
export type PublishingIdBody = z.infer<typeof publishingIdBodySchema>;

/** `active`: tokens usable (or refreshable); `expired`: the refresh token ran out, authorise again. */
export const authorizedAccountStatusSchema = z.enum(['active', 'expired']);

/** One authorised Douyin account. Times are seconds since the epoch. */
export const authorizedAccountSchema = z.object({
  id: z.number().int(),
  platform: z.literal('douyin'),
  nickname: z.string(),
  avatar: z.string(),
  /** The account's id in this application (the platform's `open_id`), shortened for display. */
  open_id: z.string(),
  status: authorizedAccountStatusSchema,
  authorized_at: z.number().int(),
  /** When the access token ends (it is refreshed before use). */
  access_expires_at: z.number().int(),
  /** When the refresh token ends: after it, the user authorises again. */
  refresh_expires_at: z.number().int(),
});
export type AuthorizedAccount = z.infer<typeof authorizedAccountSchema>;

export const authorizedAccountsSchema = z.object({
  list: z.array(authorizedAccountSchema),
  /** AUTH_TIKTOK_COUNT: accounts allowed and authorised. */
  quota: permissionUseSchema,
});
export type AuthorizedAccounts = z.infer<typeof authorizedAccountsSchema>;

export const mediaKindSchema = z.enum(['video', 'image']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** An uploaded file kept for publishing. */
export const publishingMediaSchema = z.object({
  id: z.number().int(),
  kind: mediaKindSchema,
  name: z.string(),
  size: z.number().int(),
});
export type PublishingMedia = z.infer<typeof publishingMediaSchema>;

/** A post as kept: `video`, one uploaded video; `images`, an image-text post of images. */
export const postKindSchema = z.enum(['video', 'images']);
export type PostKind = z.infer<typeof postKindSchema>;

/**
 * What the composer publishes: an uploaded video, uploaded images, or an AI 图文 work (`work_id`; its
 * pictures become the post's images, its title and body the defaults of title and caption).
 */
export const publishKindSchema = z.enum(['video', 'images', 'work']);
export type PublishKind = z.infer<typeof publishKindSchema>;

export const publishBodySchema = z.object({
  kind: publishKindSchema,
  /** The AI 图文 work to publish (kind `work`). */
  work_id: idSchema.optional(),
  title: z.string().trim().max(publishingLimits.titleMax, publishingMessages.titleTooLong).default(''),
  /** Required for uploads; for a work, empty takes the work's body. */
  text: z
    .string({ error: publishingMessages.textMissing })
    .trim()
    .max(publishingLimits.textMax, publishingMessages.textTooLong)
    .default(''),
  /** The uploaded media in order (kinds `video` and `images`). */
  media_ids: z
    .array(idSchema, { error: publishingMessages.mediaMissing })
    .max(publishingLimits.imagesMax, publishingMessages.tooManyImages)
    .default([]),
  account_ids: z
    .array(idSchema, { error: publishingMessages.accountsMissing })
    .min(1, publishingMessages.accountsMissing)
    .max(publishingLimits.accountsMax, publishingMessages.accountsMissing),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

/** queued → publishing → published, or failed (with the platform's error); 重试 queues a failed one again. */
export const deliveryStatusSchema = z.enum(['queued', 'publishing', 'published', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** A post's delivery to one account. */
export const deliverySchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** The platform's id of the published item. */
  item_id: z.string().nullable(),
  /** Why it failed, as the platform said it (with its error code), or ours. */
  error: z.string().nullable(),
  updated_at: z.number().int(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const postSchema = z.object({
  id: z.number().int(),
  kind: postKindSchema,
  title: z.string(),
  text: z.string(),
  media: z.array(publishingMediaSchema),
  created_at: z.number().int(),
  deliveries: z.array(deliverySchema),
});
export type Post = z.infer<typeof postSchema>;

export const postsQuerySchema = z.object(pageFields(pageSizeUpTo(publishingLimits.pageSizeMax, 10)));
export type PostsQuery = z.infer<typeof postsQuerySchema>;

export const postPageSchema = z.object({ list: z.array(postSchema), total: z.number().int() });
export type PostPage = z.infer<typeof postPageSchema>;

// ——— /distribution (代运营) ———

export const DistributionPath = {
  /** POST { name, phone, company, need }. Open. Stores a lead for the agency team. */
  lead: '/api/distribution/lead',
} as const;

export const distributionMessages = {
  nameMissing: '请输入您的称呼',
  nameTooLong: '称呼不能超过 20 个字',
  companyTooLong: '公司名称不能超过 50 个字',
  needTooLong: '需求描述不能超过 500 个字',
  submitted: '提交成功，我们的顾问会尽快与您联系',
  tooOften: '提交过于频繁，请稍后再试',
} as const;

export const distributionLeadBodySchema = z.object({
  name: requiredTextSchema(distributionMessages.nameMissing).max(20, distributionMessages.nameTooLong),
  phone: phoneSchema,
  company: z.string().trim().max(50, distributionMessages.companyTooLong).default(''),
  need: z.string().trim().max(500, distributionMessages.needTooLong).default(''),
});
export type DistributionLeadBody = z.infer<typeof distributionLeadBodySchema>;
