import { z } from 'zod';

/** Calls that belong to the app frame (000 §7): server time, statistics, events, friend links. */

export const serverTimeSchema = z.object({
  /** Server clock in milliseconds since the epoch. */
  time: z.number().int(),
});
export type ServerTime = z.infer<typeof serverTimeSchema>;

const visitorIdSchema = z.string().trim().min(1, '访客标识不能为空').max(64, '访客标识过长');

export const visitorStatisticBodySchema = z.object({
  /** Local visitor id. */
  uid: visitorIdSchema,
  /** The page path that was viewed. */
  page: z.string().max(512).default('/'),
});
export type VisitorStatisticBody = z.infer<typeof visitorStatisticBodySchema>;

export const sessionStatisticBodySchema = z.object({
  /** Session cookie id; one record per id. */
  uid: visitorIdSchema,
});
export type SessionStatisticBody = z.infer<typeof sessionStatisticBodySchema>;

export const eventBodySchema = z.object({
  uid: visitorIdSchema,
  /** Page id, prefixed (for example `pc_home`). */
  pe: z.string().trim().min(1, '页面标识不能为空').max(128),
  /** Click event id. */
  ce: z.string().trim().min(1, '事件标识不能为空').max(128),
});
export type EventBody = z.infer<typeof eventBodySchema>;

export const friendLinkSchema = z.object({
  name: z.string(),
  url: z.string(),
});
export type FriendLink = z.infer<typeof friendLinkSchema>;

export const tiktokUserSchema = z.object({
  nickname: z.string(),
  avatar: z.string(),
  unique_id: z.string(),
  /** True when the item is the sample account shown before any real account is authorised. */
  example: z.boolean(),
});
export type TiktokUser = z.infer<typeof tiktokUserSchema>;

/** The operator's details for the footer and the contact dialog; an empty string is a detail not set. */
export const siteInfoSchema = z.object({
  company_name: z.string(),
  company_address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** ICP registration number (备案号) and the registry it links to. */
  icp: z.string(),
  icp_url: z.string(),
  official_account_url: z.string(),
  support_wechat_url: z.string(),
  sister_product_name: z.string(),
  sister_product_url: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const FramePath = {
  serverTime: '/api/web/time',
  visitorStatistic: '/api/web/visitor_statistic',
  sessionStatistic: '/api/web/session_statistic',
  event: '/api/web/event',
  friendLinks: '/api/web/friend_url2',
  siteInfo: '/api/web/site_info',
  tiktokUserInfoList: '/api/tiktok/user_info_list',
} as const;
