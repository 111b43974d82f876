import { keywordLength, keywordLimits, keywordMessages } from '@dso/domain';
import { z } from 'zod';
import { creatorRowSchema } from './creators';
import { keywordRowSchema } from './keywords';
import { pagedListSchema, unixSecondsSchema } from './shapes';
import { platformIdSchema, videoMessages, videoPageFields, videoRowSchema } from './videos';

/*
 * Favourites (收藏): collecting keywords, videos and creators, the collect state of a subject and the
 * personal centre's lists (000 §2.3, §2.4). Part of the video library area: its paths are
 * `FavouritePath`, its wire conventions those of videos.ts.
 */

/** The favourites paths: method, who may call, and the permission each needs. */
export const FavouritePath = {
  /** GET ?type&page_no&page_size. Login. The user's favourites of one collect type. */
  list: '/api/favourite/list',
  /** POST { type, subject }. Login. Collects a keyword, video or creator; collecting twice is a no-op. */
  add: '/api/favourite/add',
  /** POST { type, subject }. Login. Removes it; removing what is not collected is a no-op. */
  remove: '/api/favourite/remove',
  /** GET ?type&subject. Login. Whether the caller collected a subject (a keyword page's collect button). */
  state: '/api/favourite/state',
} as const;

/**
 * The collect types of the personal centre and the person-detail collect tabs (000 §2.3, §2.4), and
 * what each collects: DSO keywords, RSO keywords, videos, creators.
 */
export const collectTypes = {
  collectDouyin: { kind: 'keyword', platform: 'DSO' },
  collectRso: { kind: 'keyword', platform: 'RSO' },
  collectVideo: { kind: 'video', platform: 'DSO' },
  collectUser: { kind: 'creator', platform: 'DSO' },
} as const;
export const collectTypeSchema = z.enum(['collectDouyin', 'collectRso', 'collectVideo', 'collectUser'], {
  message: '收藏类型不正确',
});
export type CollectType = z.infer<typeof collectTypeSchema>;

/**
 * `POST favourite/add` and `favourite/remove` body: the subject is the keyword text for the keyword
 * types (the keyword limits apply), the aweme id for videos, the user id for creators.
 */
export const favouriteBodySchema = z
  .object({
    type: collectTypeSchema,
    subject: z.string().trim().min(1, videoMessages.linkMissing).max(128, videoMessages.linkMissing),
  })
  .superRefine((body, context) => {
    const isKeyword = collectTypes[body.type].kind === 'keyword';
    if (isKeyword && keywordLength(body.subject) > keywordLimits.single) {
      context.addIssue({ code: 'custom', path: ['subject'], message: keywordMessages.tooLong });
    }
    if (!isKeyword && !platformIdSchema.safeParse(body.subject).success) {
      context.addIssue({ code: 'custom', path: ['subject'], message: videoMessages.linkMissing });
    }
  });
export type FavouriteBody = z.infer<typeof favouriteBodySchema>;

/** `GET favourite/state` query: the same type and subject as add and remove. */
export const favouriteStateQuerySchema = favouriteBodySchema;

/** `POST favourite/add|remove` and `GET favourite/state` data: whether the subject is collected now. */
export const favouriteStateSchema = z.object({ collected: z.boolean() });

export const favouriteListQuerySchema = z.object({
  type: collectTypeSchema,
  ...videoPageFields,
});
export type FavouriteListQuery = z.infer<typeof favouriteListQuerySchema>;

/**
 * One favourite, newest first. The row of its kind is filled (the others null); a subject the library
 * no longer has keeps its key with every row null, so the user can still remove it.
 */
export const favouriteItemSchema = z.object({
  type: collectTypeSchema,
  subject: z.string(),
  created_at: unixSecondsSchema,
  keyword: keywordRowSchema.nullable(),
  video: videoRowSchema.nullable(),
  creator: creatorRowSchema.nullable(),
});
export type FavouriteItem = z.infer<typeof favouriteItemSchema>;

export const favouriteListSchema = pagedListSchema(favouriteItemSchema);
export type FavouriteList = z.infer<typeof favouriteListSchema>;
