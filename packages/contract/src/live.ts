import { z } from 'zod';
import { figureSchema } from './keywords';
import { countSchema, requiredTextSchema, unixSecondsSchema } from './shapes';
import { goodsItemSchema, videoLimits, videoMessages } from './videos';

/*
 * Live sessions (直播): a session's detail with its goods and minutes (/livegoods/detail/{id},
 * /live_studio) and the wall of sessions (/live_screen). Part of the video library area: its paths are
 * `LivePath`, its wire conventions those of videos.ts. A session is named by its room id (`lid`).
 */

/** The live paths: method, who may call, and the permission each needs. */
export const LivePath = {
  /** GET ?lid. Open. A live session with goods and minutes (/livegoods/detail/{id}, /live_studio?lid=). */
  detail: '/api/live/detail',
  /** GET ?limit. Open. Sessions live now, then the latest ended ones (/live_screen's wall). */
  list: '/api/live/list',
} as const;

/** `GET live/detail` query: the room id. Absent: 链接错误，请检查链接是否正确. */
export const liveDetailQuerySchema = z.object({
  lid: requiredTextSchema(videoMessages.liveLinkError)
    .max(128, videoMessages.liveLinkError)
    .regex(/^[0-9A-Za-z_-]*$/, videoMessages.liveLinkError),
});

/** One minute of a session, from its start (minute 0). `sales` in fen. */
export const liveMinuteSchema = z.object({
  minute: z.number().int().min(0),
  online: countSchema,
  entering: countSchema,
  sales: z.number().int(),
});

/**
 * `GET live/detail` data. No `end_time`: live now. Unknown room: 404 直播不存在. Sales are the
 * product's figures: `sales_amount` is exact fen with show_original_data, else the band of the fen
 * (002 §9); the minutes' `sales` and the goods' unit `sales` are then cut to their band's precision
 * (1,000 above 10,000) so the curves keep their shape, and `banded` says so.
 */
export const liveDetailSchema = z.object({
  room_id: z.string(),
  title: z.string(),
  cover: z.string(),
  start_time: unixSecondsSchema,
  end_time: unixSecondsSchema.nullable(),
  watch_count: countSchema,
  peak_online: countSchema,
  /** Fen, or its band. */
  sales_amount: figureSchema,
  goods: z.array(goodsItemSchema),
  minutes: z.array(liveMinuteSchema),
  creator: z.object({
    user_id: z.string(),
    nick_name: z.string(),
    avatar_larger: z.string(),
    total_follower_count: countSchema,
  }),
  /** The sales figures are banded for this viewer (see above). */
  banded: z.boolean(),
  is_demo: z.boolean(),
});
export type LiveDetail = z.infer<typeof liveDetailSchema>;

/** `GET live/list` query: how many sessions the wall shows. */
export const liveListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: '数量不正确' })
    .int('数量不正确')
    .min(1, '数量不正确')
    .max(videoLimits.liveScreenMaxSessions, '数量不正确')
    .default(videoLimits.liveScreenSessions),
});
export type LiveListQuery = z.infer<typeof liveListQuerySchema>;

/** A session on the wall: its head figures and its recent online curve. */
export const liveRowSchema = z.object({
  room_id: z.string(),
  title: z.string(),
  cover: z.string(),
  start_time: unixSecondsSchema,
  end_time: unixSecondsSchema.nullable(),
  /** Viewers online in the latest recorded minute (0 once ended). */
  online: countSchema,
  peak_online: countSchema,
  watch_count: countSchema,
  /** Fen, or its band. */
  sales_amount: figureSchema,
  goods_count: countSchema,
  creator: z.object({ user_id: z.string(), nick_name: z.string(), avatar_larger: z.string() }),
  /** The last `videoLimits.liveRecentMinutes` recorded minutes' online, oldest first. */
  recent_online: z.array(z.object({ minute: z.number().int().min(0), online: countSchema })),
  is_demo: z.boolean(),
});
export type LiveRow = z.infer<typeof liveRowSchema>;

/**
 * `GET live/list` data: the sessions live now, most viewers online first, then the most recently
 * started ended ones filling up to `limit`; `live_count` counts every session live now.
 */
export const liveListSchema = z.object({
  live_count: countSchema,
  sessions: z.array(liveRowSchema),
  banded: z.boolean(),
});
export type LiveList = z.infer<typeof liveListSchema>;
