import { z } from 'zod';
import { calendarDaySchema } from './input';
import { requiredTextSchema } from './shapes';
import { gradeCodeSchema, permissionNodeSchema, permissionUseSchema } from './user';

/**
 * Grades, the permission tree, quotas and child accounts (001 §3–§7, 002 §4–§6). The values per grade
 * live on the server (docs/permissions.md); the client reads them through the tree and the use call.
 */

/** Every permission alias the product knows (001 §3, 002 §5, plus the row caps of the lists). */
export const permissionAliasCodes = [
  'SUB_ACCOUNT_COUNT',
  'AUTH_TIKTOK_COUNT',
  'KEYWORD_MONITOR_COUNT',
  'KEYWORD_LIBRARY_SEARCH_COUNT_DAY',
  'KEYWORD_LIBRARY_DETAIL_COUNT_DAY',
  'KEYWORD_LIBRARY_EXPORT',
  'AI_WRITING_BATCH_EXTRACTION',
  'AI_WRITING_COUNT_DAY',
  'AI_REWRITING_COUNT_DAY',
  'AI_PUB_BATCH_COUNT',
  'VIDEO_LIBRARY_DETAIL_VIDEO_DATA',
  'VIDEO_LIBRARY_DETAIL_KEYWORD_COVERAGE_DATA',
  'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS',
  'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT',
  'HOT_VIDEO_GOODS_ANAS',
  'KEYWORD_LIBRARY_ROWS',
  'KEYWORD_LIBRARY_PAGE_MAX',
  'VIDEO_LIBRARY_ROWS',
  'PERSON_LIBRARY_ROWS',
  'API_UNIT_DAY_COUNT',
] as const;

export const permissionAliasSchema = z.enum(permissionAliasCodes, { message: '权限标识不存在' });
export type PermissionAlias = z.infer<typeof permissionAliasSchema>;

/**
 * What an alias's value means: `count` a ceiling on a running total the feature takes and gives back
 * (accounts held, monitors held); `day_count` uses per Asia/Shanghai day; `flag` 1 = has the feature;
 * `rows` the rows a list may show (or page to).
 */
export const permissionKindSchema = z.enum(['count', 'day_count', 'flag', 'rows']);
export type PermissionKind = z.infer<typeof permissionKindSchema>;

/** `GET /api/user/roles`: the permission tree `DccRoles`, for visitors too. */
export const permissionTreeSchema = z.array(permissionNodeSchema);
export type PermissionTree = z.infer<typeof permissionTreeSchema>;

/** `GET /api/permission/use?permission=ALIAS` (login required). */
export const permissionUseQuerySchema = z.object({
  permission: requiredTextSchema('权限标识不能为空').pipe(permissionAliasSchema),
});
export type PermissionUseQuery = z.infer<typeof permissionUseQuerySchema>;

/**
 * `data` of a refusal with code 810 (NEEDS_UPGRADE): the user lacks the permission (`reason`
 * 'lacking') or has used up its quota ('exhausted'). `msg` is the text to show; `action` says which
 * dialog to open: `pay` with `grade` preselected (below EVIP), or `buyTimes` with `type` 9 (EVIP and
 * above).
 */
export const permissionDeniedDataSchema = z.discriminatedUnion('action', [
  z.object({
    alias: z.string(),
    reason: z.enum(['lacking', 'exhausted']),
    action: z.literal('pay'),
    grade: gradeCodeSchema,
  }),
  z.object({
    alias: z.string(),
    reason: z.enum(['lacking', 'exhausted']),
    action: z.literal('buyTimes'),
    type: z.literal(9),
  }),
]);
export type PermissionDeniedData = z.infer<typeof permissionDeniedDataSchema>;

// ——— Child (sub) accounts (001 §2 bind notice, §4, §6, §7) ———

const phoneSchema = requiredTextSchema('请输入手机号').regex(/^1[3-9]\d{9}$/, '请输入正确手机号');

/** `POST /api/sub_account/add_info`: the parent invites a phone. */
export const subAccountAddBodySchema = z.object({ phone: phoneSchema });
export type SubAccountAddBody = z.infer<typeof subAccountAddBodySchema>;

/** `cancel`, `re_invite`, `un_bind` (by the parent): one link of the caller's. */
export const subAccountIdBodySchema = z.object({
  id: z.coerce.number({ message: '参数错误' }).int('参数错误').positive('参数错误'),
});
export type SubAccountIdBody = z.infer<typeof subAccountIdBodySchema>;

/** `assentV2`, `refuse`: the invitee answers its pending invite; `id`, when sent, must be that invite. */
export const subAccountAnswerBodySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
  })
  .nullish();
export type SubAccountAnswerBody = z.infer<typeof subAccountAnswerBodySchema>;

/** `POST /api/sub_account/un_bind_active`: the child ends its own link with an SMS code (purpose unbind). */
export const subAccountUnbindActiveBodySchema = z.object({
  phone: phoneSchema,
  code: requiredTextSchema('请输入验证码').max(12, '验证码错误'),
});
export type SubAccountUnbindActiveBody = z.infer<typeof subAccountUnbindActiveBodySchema>;

/** pending → active or refused; active → unbound; pending or refused → cancelled. */
export const subAccountStatusSchema = z.enum(['pending', 'active', 'refused', 'cancelled', 'unbound']);
export type SubAccountStatus = z.infer<typeof subAccountStatusSchema>;

/** Times are seconds since the epoch, like `grade_info_vo.end_time`. */
const secondsSchema = z.number().int();

/** One row of `GET /api/sub_account/list` (the parent's invites and children). */
export const subAccountItemSchema = z.object({
  id: z.number().int(),
  /** The child's phone, as the parent typed it. */
  phone: z.string(),
  nickname: z.string(),
  status: subAccountStatusSchema,
  invite_time: secondsSchema,
  /** When the child accepted; null while pending or refused. */
  bind_time: secondsSchema.nullable(),
  /** When the link ends: the parent's membership end while open, the actual end once ended. */
  un_bind_time: secondsSchema.nullable(),
});
export type SubAccountItem = z.infer<typeof subAccountItemSchema>;

export const subAccountListSchema = z.array(subAccountItemSchema);

/** `GET /api/sub_account/quota`: child accounts allowed (`per_val`) and taken by open invites and links. */
export const subAccountQuotaSchema = permissionUseSchema;

/**
 * `GET /api/sub_account/invite_info`: the caller's pending invite, or null. The client opens the
 * child-account bind notice when it is not null (001 §2, §4; 002 §4).
 */
export const subAccountInviteInfoSchema = z
  .object({
    id: z.number().int(),
    /** The inviting (parent) account's phone. */
    phone: z.string(),
    /** The grade the child would share. */
    grade: gradeCodeSchema,
    /** When the shared grade ends (the parent's membership end); null when it has no end. */
    un_bind_time: secondsSchema.nullable(),
  })
  .nullable();
export type SubAccountInviteInfo = z.infer<typeof subAccountInviteInfoSchema>;

/** `GET /api/sub_account/sub_account_info`: the caller's own standing as a child account. */
export const subAccountInfoSchema = z.object({
  /** True while the caller is the child of an active link. */
  sub_account: z.boolean(),
  parent_phone: z.string().nullable(),
  /** The caller's effective grade (the parent's while bound). */
  grade: gradeCodeSchema,
  bind_time: secondsSchema.nullable(),
  un_bind_time: secondsSchema.nullable(),
  /** Open invites and children the caller has as a parent. */
  children: z.number().int(),
});
export type SubAccountInfo = z.infer<typeof subAccountInfoSchema>;

/** Paths of this area. */
export const PermissionPath = {
  roles: '/api/user/roles',
  use: '/api/permission/use',
  usageLog: '/api/permission/usage_log',
} as const;

// ——— The usage ledger (docs/permissions.md) ———

/** `GET /api/permission/usage_log?day=YYYY-MM-DD` (login required): one Asia/Shanghai day, today by default. */
export const usageLogQuerySchema = z.object({
  day: calendarDaySchema.optional(),
});
export type UsageLogQuery = z.infer<typeof usageLogQuerySchema>;

/**
 * One row of the ledger as the user reads it: units charged (`amount` > 0) or given back (< 0), what
 * for, and whether a reservation is still waiting for its work (`reserved`) or was given back
 * (`returned`). `by_child` marks a child account's use of its parent's pool.
 */
export const usageLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.enum(['reserved', 'settled', 'returned']),
  by_child: z.boolean(),
});
export type UsageLogEntry = z.infer<typeof usageLogEntrySchema>;

/** A permission's use on that day (today: `per_val` / `use_val` as `permission/use` reads them) and its entries. */
export const usageLogPermissionSchema = z.object({
  alias: z.string(),
  name: z.string(),
  kind: permissionKindSchema,
  per_val: z.number().int(),
  use_val: z.number().int(),
  /** Units charged that day, net of those given back. */
  day_used: z.number().int(),
  entries: z.array(usageLogEntrySchema),
});
export type UsageLogPermission = z.infer<typeof usageLogPermissionSchema>;

export const usageLogSchema = z.object({
  day: z.string(),
  permissions: z.array(usageLogPermissionSchema),
});
export type UsageLog = z.infer<typeof usageLogSchema>;

export const SubAccountPath = {
  add: '/api/sub_account/add_info',
  list: '/api/sub_account/list',
  quota: '/api/sub_account/quota',
  cancel: '/api/sub_account/cancel',
  reInvite: '/api/sub_account/re_invite',
  unbind: '/api/sub_account/un_bind',
  inviteInfo: '/api/sub_account/invite_info',
  accept: '/api/sub_account/assentV2',
  refuse: '/api/sub_account/refuse',
  unbindActive: '/api/sub_account/un_bind_active',
  info: '/api/sub_account/sub_account_info',
} as const;
