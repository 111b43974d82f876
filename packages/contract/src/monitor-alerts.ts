import { z } from 'zod';
import { booleanishSchema } from './input';
import { pageFields, pageSizeUpTo } from './shapes';

/**
 * 排名预警 (rank monitoring's alerts of big moves): when a day's check finds a big move of a monitored
 * work (the domain's `isBigMove`: into or out of the top 10, or 10 places or more), one alert per work and day
 * goes to the user's in-app list, and to their 企业微信 group robot when they turned it on. docs/monitoring.md.
 */

export const MonitorAlertPath = {
  /** GET ?page_no&page_size&unread?. Login. The user's alerts, newest first, with the unread count. */
  list: '/api/monitor/alerts',
  /** POST { ids } or { all: true }. Login. Marks alerts read; answers the unread count after. */
  read: '/api/monitor/alerts/read',
  /** GET. Login. The 企业微信 push setting (the robot's key masked). */
  setting: '/api/monitor/alert_setting',
  /** POST { wecom_enabled, webhook? }. Login. Saves the push setting. */
  saveSetting: '/api/monitor/alert_setting/save',
  /** POST. Login. Sends a test message to the saved robot; the vendor's refusal comes back as the message. */
  testSetting: '/api/monitor/alert_setting/test',
} as const;

export const monitorAlertLimits = {
  pageSizeMax: 50,
  /** Alerts marked read in one call by id. */
  readIdsMax: 100,
} as const;

export const monitorAlertMessages = {
  pageSizeTooLarge: `每页最多${monitorAlertLimits.pageSizeMax}条`,
  readNothing: '请选择要标记为已读的预警',
  readTooMany: `一次最多标记${monitorAlertLimits.readIdsMax}条`,
  marked: '已标记为已读',
  webhookInvalid: '请填写正确的企业微信群机器人 Webhook 地址',
  webhookMissing: '请先填写企业微信群机器人的 Webhook 地址',
  saved: '保存成功',
  testSent: '测试消息已发送，请在企业微信群中查看',
  /** The sandbox (NOTIFICATION_PROVIDER=sandbox) pushes nothing out. */
  testSandbox: '当前为演示环境：消息只在站内预警列表中显示，不会发送到企业微信',
} as const;

/** How a work moved: up/down by places, into the ranking (新上榜) or out of it (掉榜). */
export const monitorAlertKindSchema = z.enum(['up', 'down', 'new', 'lost']);
export type MonitorAlertKind = z.infer<typeof monitorAlertKindSchema>;

/** Where a push stands: none wanted, waiting, sent, or failed (the reason in `push_error`). */
export const monitorAlertPushSchema = z.enum(['none', 'pending', 'sent', 'failed']);
export type MonitorAlertPush = z.infer<typeof monitorAlertPushSchema>;

const rank = z.number().int().min(1);

export const monitorAlertSchema = z.object({
  id: z.number().int(),
  /** The monitored work item. */
  item_id: z.number().int(),
  /** The check's day (Asia/Shanghai). */
  day: z.string(),
  keyword: z.string(),
  aweme_id: z.string(),
  work_title: z.string(),
  kind: monitorAlertKindSchema,
  /** The place at the last successful check before (null: not ranked then). */
  previous_rank: rank.nullable(),
  /** The place at this check (null: not ranked). */
  rank: rank.nullable(),
  read: z.boolean(),
  push_status: monitorAlertPushSchema,
  push_error: z.string().nullable(),
  created_at: z.string(),
});
export type MonitorAlert = z.infer<typeof monitorAlertSchema>;

export const monitorAlertListQuerySchema = z.object({
  ...pageFields(pageSizeUpTo(monitorAlertLimits.pageSizeMax, 10, monitorAlertMessages.pageSizeTooLarge)),
  /** Only unread ones. */
  unread: booleanishSchema.optional(),
});
export type MonitorAlertListQuery = z.infer<typeof monitorAlertListQuerySchema>;

export const monitorAlertListSchema = z.object({
  total_record: z.number().int(),
  unread: z.number().int(),
  result: z.array(monitorAlertSchema),
});
export type MonitorAlertList = z.infer<typeof monitorAlertListSchema>;

export const monitorAlertReadBodySchema = z
  .object({
    ids: z
      .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
      .max(monitorAlertLimits.readIdsMax, monitorAlertMessages.readTooMany)
      .optional(),
    all: z.boolean().optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, { message: monitorAlertMessages.readNothing });
export type MonitorAlertReadBody = z.infer<typeof monitorAlertReadBodySchema>;

export const monitorAlertSettingSchema = z.object({
  wecom_enabled: z.boolean(),
  /** The saved robot's key, masked (****abcd); '' when none is saved. */
  webhook_hint: z.string(),
  /** Whether this server pushes to 企业微信 at all (false: the sandbox, the in-app list only). */
  push_available: z.boolean(),
});
export type MonitorAlertSetting = z.infer<typeof monitorAlertSettingSchema>;

export const monitorAlertSettingBodySchema = z.object({
  wecom_enabled: z.boolean(),
  /** The robot's webhook address (or its key); absent or '' keeps the saved one. */
  webhook: z.string().trim().max(300, monitorAlertMessages.webhookInvalid).optional(),
});
export type MonitorAlertSettingBody = z.infer<typeof monitorAlertSettingBodySchema>;
