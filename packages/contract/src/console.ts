import { type ConsoleAbility, consoleAbilities, consoleRoles, validateNewPassword } from '@dso/domain';
import { z } from 'zod';
import { phoneSchema, smsCodeSchema } from './account';
import { calendarDaySchema, pageNoSchema } from './input';
import { orderItemSchema, payGradeSchema } from './orders';
import { authorizedAccountSchema } from './publishing';
import { requiredTextSchema, totalListSchema, unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md): staff log in with their own accounts (password, then an
 * SMS code) and hold a staff session cookie apart from any member's session. Every call answers the
 * usual envelope: 800 without a staff session, 801 once it has been idle 8 hours, 403 无权限访问 for a
 * member's session or a role that may not do what is asked. Instants are Unix seconds.
 */

/** Messages of the console's calls and forms. */
export const consoleMessages = {
  passwordRequired: '请输入密码',
  wrongLogin: '手机号或密码错误',
  disabled: '该员工账号已停用',
  tooManyTries: '密码错误次数过多，请稍后再试',
  loginFirst: '请先输入手机号和密码',
  codeSent: '验证码已发送',
  forbidden: '无权限访问',
  idle: '登录已过期，请重新登录',
  reasonRequired: '请填写操作原因',
  reasonTooLong: '操作原因最多200字',
  nameRequired: '请输入姓名',
  nameTooLong: '姓名最多20字',
  roleInvalid: '请选择角色',
  staffExists: '该手机号已是员工账号',
  staffNotFound: '员工不存在',
  staffSelf: '不能停用自己的账号',
  staffAlreadyDisabled: '该员工账号已停用',
  staffSelfReset: '修改本人密码请使用右上角的“修改密码”',
  oldPasswordWrong: '原密码错误',
  passwordUnchanged: '新密码不能与原密码相同',
  queryRequired: '请输入手机号、用户ID或订单号',
  memberNotFound: '未找到该用户',
  sessionNotFound: '该会话不存在或已结束',
  linkNotFound: '该子账号关系不存在或已解除',
  dayInvalid: '天数须为1到3650的整数',
  idInvalid: '编号须为正整数',
  requestIdInvalid: '请求编号无效，请关闭后重新打开',
  requestIdReused: '该请求已按先前填写的内容处理，请关闭后核对',
} as const;

const m = consoleMessages;

/** How long a staff session may sit unused before it ends (8 hours). */
export const CONSOLE_IDLE_MS = 8 * 60 * 60 * 1000;
/** How long the second step of a login may wait for its SMS code (5 minutes). */
export const CONSOLE_LOGIN_STEP_MS = 5 * 60 * 1000;
/** The longest grade period one grant may add (ten years). */
export const CONSOLE_GRANT_DAYS_MAX = 3650;
/** The longest reason an action keeps. */
export const CONSOLE_REASON_MAX = 200;

const idSchema = z.coerce
  .number({ error: m.idInvalid })
  .int(m.idInvalid)
  .min(1, m.idInvalid)
  .max(Number.MAX_SAFE_INTEGER, m.idInvalid);

/** Why a staff member changes something: required, at most 200 characters, kept in the audit log. */
export const consoleReasonSchema = requiredTextSchema(m.reasonRequired).refine(
  (reason) => Array.from(reason).length <= CONSOLE_REASON_MAX,
  m.reasonTooLong,
);

export const consoleRoleSchema = z.enum(consoleRoles, { error: m.roleInvalid });

const abilityNames = Object.keys(consoleAbilities) as [ConsoleAbility, ...ConsoleAbility[]];

// ——— Login ———

/** `POST /api/console/login`: the first step; on success the code goes to the staff member's phone. */
export const consoleLoginBodySchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.wrongLogin),
});
export type ConsoleLoginBody = z.input<typeof consoleLoginBodySchema>;

/** Its answer: where the code went (masked) and how long it lives. */
export const consoleLoginStepSchema = z.object({ phone: z.string(), expires_in: z.number().int() });
export type ConsoleLoginStep = z.infer<typeof consoleLoginStepSchema>;

/** `POST /api/console/login/verify`: the second step, with the code the first one sent. */
export const consoleVerifyBodySchema = z.object({ code: smsCodeSchema });
export type ConsoleVerifyBody = z.input<typeof consoleVerifyBodySchema>;

/** Who a staff account is, as every answer about one starts. */
const staffIdentityFields = { id: z.number().int(), name: z.string(), phone: z.string(), role: consoleRoleSchema };

/** The staff member behind the session (`GET /api/console/me`, and the answer of the second step). */
export const consoleMeSchema = z.object({
  ...staffIdentityFields,
  /** What the role may do (the domain's `consoleAbilities`), so the menu shows only that. */
  abilities: z.array(z.enum(abilityNames)),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

// ——— Staff ———

export const consoleStaffSchema = z.object({
  ...staffIdentityFields,
  disabled: z.boolean(),
  create_time: unixSecondsSchema,
  /** The last time any of the member's sessions was used, null if never. */
  last_seen_time: unixSecondsSchema.nullable(),
});
export type ConsoleStaff = z.infer<typeof consoleStaffSchema>;

const staffNameSchema = requiredTextSchema(m.nameRequired).refine(
  (name) => Array.from(name).length <= 20,
  m.nameTooLong,
);

/** A new staff password: the members' password rule (6-24 characters, digits, upper and lower case). */
export const consoleNewPasswordSchema = z.string({ error: m.passwordRequired }).superRefine((password, context) => {
  const problem = validateNewPassword(password);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** `POST /api/console/staff/create` (管理员), also what `npm run console -- staff:add` parses. */
export const consoleStaffCreateBodySchema = z.object({
  phone: phoneSchema,
  name: staffNameSchema,
  role: consoleRoleSchema,
  password: consoleNewPasswordSchema,
  reason: consoleReasonSchema,
});
export type ConsoleStaffCreateBody = z.input<typeof consoleStaffCreateBodySchema>;

/** `POST /api/console/staff/disable` (管理员): the account's sessions end with it. */
export const consoleStaffDisableBodySchema = z.object({ id: idSchema, reason: consoleReasonSchema });
export type ConsoleStaffDisableBody = z.input<typeof consoleStaffDisableBodySchema>;

/** `POST /api/console/staff/reset_password` (管理员): another account's new password; its sessions end. */
export const consoleStaffResetPasswordBodySchema = z.object({
  id: idSchema,
  password: consoleNewPasswordSchema,
  reason: consoleReasonSchema,
});
export type ConsoleStaffResetPasswordBody = z.input<typeof consoleStaffResetPasswordBodySchema>;

/** `POST /api/console/password` (every staff member): one's own password; one's other sessions end. */
export const consolePasswordBodySchema = z.object({
  old_password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.oldPasswordWrong),
  new_password: consoleNewPasswordSchema,
});
export type ConsolePasswordBody = z.input<typeof consolePasswordBodySchema>;

// ——— Audit log ———

/** What the audit log records, with the words the console shows. */
export const consoleActionLabels = {
  'staff.create': '新建员工',
  'staff.disable': '停用员工',
  'staff.reset_password': '重置员工密码',
  'staff.password': '修改本人密码',
  'member.grant': '开通/延长会员',
  'member.end_session': '结束会话',
  'member.end_sessions': '结束全部会话',
  'member.dissolve_link': '解除子账号关系',
  // Orders and money (console-orders.ts, console-refunds.ts)
  'order.refund': '原路退款',
  'order.refund_by_hand': '标记已退款',
  'order.reconcile': '对账',
  // Plans, coupons, cards, packs (console-marketing.ts)
  'plan.create': '新建套餐',
  'plan.update': '修改套餐',
  'plan.enable': '上架/下架套餐',
  'coupon.create': '新建优惠券',
  'coupon.grant': '发放优惠券',
  'card.batch': '生成会员卡',
  'pack.create': '新建次数包',
  'pack.update': '修改次数包',
  // Invoices (console-invoices.ts)
  'invoice.issue': '开具发票',
  'invoice.upload': '上传发票',
  'invoice.redden': '红冲发票',
  'invoice.retry': '重试开票',
  // Data (console-data.ts)
  'import.keywords': '导入关键词',
  'import.videos': '导入视频',
  'derive.run': '运行派生任务',
  'job.retry': '重试任务',
  'job.discard': '丢弃任务',
  'collect.run': '立即采集',
} as const;
export type ConsoleAction = keyof typeof consoleActionLabels;
export const consoleActionSchema = z.enum(Object.keys(consoleActionLabels) as [ConsoleAction, ...ConsoleAction[]], {
  error: '操作类型不存在',
});

/**
 * `GET /api/console/audit` (管理员): newest first, 20 a page; days are Asia/Shanghai, both ends included;
 * `subject` one thing acted on (`user:12`: a member's entries, as the users page links to them).
 */
export const consoleAuditQuerySchema = z.object({
  staff_id: idSchema.optional(),
  subject: z
    .string()
    .regex(/^[a-z_]+:[0-9A-Za-z_.-]{1,64}$/, '对象格式应为 类型:编号，例如 user:12')
    .optional(),
  action: consoleActionSchema.optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  page_no: pageNoSchema,
});
export type ConsoleAuditQuery = z.input<typeof consoleAuditQuerySchema>;

export const consoleAuditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for an action taken with `npm run console` on the server. */
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  action: consoleActionSchema,
  /** What was acted on: `user:12`, `staff:3`. */
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  time: unixSecondsSchema,
});
export type ConsoleAuditEntry = z.infer<typeof consoleAuditEntrySchema>;
export const consoleAuditPageSchema = totalListSchema(consoleAuditEntrySchema);
export type ConsoleAuditPage = z.infer<typeof consoleAuditPageSchema>;
export const CONSOLE_AUDIT_PAGE_SIZE = 20;

// ——— Users ———

/** `GET /api/console/users/find?q=`: a phone, a user id or an order number. */
export const consoleUserFindQuerySchema = z.object({
  q: requiredTextSchema(m.queryRequired).max(64, m.memberNotFound),
});

export const consoleUserIdQuerySchema = z.object({ user_id: idSchema });

export const consoleMemberSessionSchema = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  create_time: unixSecondsSchema,
  last_seen_time: unixSecondsSchema,
  expire_time: unixSecondsSchema,
  /** Null while live; else when and why it ended (logout, kicked, password, closure, console, …). */
  end_time: unixSecondsSchema.nullable(),
  end_reason: z.string().nullable(),
});
export type ConsoleMemberSession = z.infer<typeof consoleMemberSessionSchema>;

export const consoleMemberLinkSchema = z.object({
  id: z.number().int(),
  /** The member's side of the link. */
  role: z.enum(['parent', 'child']),
  parent_user_id: z.number().int(),
  parent_phone: z.string(),
  child_user_id: z.number().int().nullable(),
  child_phone: z.string(),
  status: z.enum(['pending', 'active', 'refused', 'cancelled', 'unbound']),
  create_time: unixSecondsSchema,
  end_time: unixSecondsSchema.nullable(),
});
export type ConsoleMemberLink = z.infer<typeof consoleMemberLinkSchema>;

export const consoleUsageEntrySchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  /** The quota's name (批量提取文案次数 …). */
  name: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.string(),
  /** Another account's use of this member's pool (a child account), by its id. */
  by_user_id: z.number().int().nullable(),
  time: unixSecondsSchema,
});
export type ConsoleUsageEntry = z.infer<typeof consoleUsageEntrySchema>;

/** Everything the users page shows of one member. */
export const consoleMemberSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  register_time: unixSecondsSchema,
  /** The grade the account holds itself, and when it ends. */
  own_grade: z.string(),
  own_grade_end_time: unixSecondsSchema.nullable(),
  /** The grade it acts with now (a child account's is its parent's). */
  grade: z.string(),
  grade_end_time: unixSecondsSchema.nullable(),
  parent_phone: z.string().nullable(),
  orders: z.array(orderItemSchema),
  orders_total: z.number().int(),
  usage: z.array(consoleUsageEntrySchema),
  sessions: z.array(consoleMemberSessionSchema),
  links: z.array(consoleMemberLinkSchema),
  platform_accounts: z.array(authorizedAccountSchema),
});
export type ConsoleMember = z.infer<typeof consoleMemberSchema>;

/** The body of an action on a member: the member, what the action needs, and why. */
function memberActionBodySchema<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.object({ user_id: idSchema, ...fields, reason: consoleReasonSchema });
}

/** `POST /api/console/users/grant`: grants a paid grade, or extends the running one, by `days`. */
export const consoleGrantBodySchema = memberActionBodySchema({
  /**
   * Made once each time the dialog opens and sent with every try of it: the server grants one request id
   * once, so a double click or a retried POST answers the first grant instead of granting the days again.
   */
  request_id: z.uuid({ error: m.requestIdInvalid }),
  grade: payGradeSchema,
  days: z
    .number({ error: m.dayInvalid })
    .int(m.dayInvalid)
    .min(1, m.dayInvalid)
    .max(CONSOLE_GRANT_DAYS_MAX, m.dayInvalid),
});
export type ConsoleGrantBody = z.input<typeof consoleGrantBodySchema>;

/** `POST /api/console/users/end_sessions`: one session (`session_id`) or, without it, every live one. */
export const consoleEndSessionsBodySchema = memberActionBodySchema({ session_id: idSchema.optional() });
export type ConsoleEndSessionsBody = z.input<typeof consoleEndSessionsBodySchema>;

/** `POST /api/console/users/dissolve_link`: ends a child-account link (or withdraws an invite) the member is in. */
export const consoleDissolveLinkBodySchema = memberActionBodySchema({ link_id: idSchema });
export type ConsoleDissolveLinkBody = z.input<typeof consoleDissolveLinkBodySchema>;

/** What each action answers: the number of rows it changed, and the audit entry it wrote. */
export const consoleActionResultSchema = z.object({ changed: z.number().int(), audit_id: z.number().int() });
export type ConsoleActionResult = z.infer<typeof consoleActionResultSchema>;

/** Paths of the console's calls. */
export const ConsolePath = {
  login: '/api/console/login',
  verify: '/api/console/login/verify',
  logout: '/api/console/logout',
  me: '/api/console/me',
  staff: '/api/console/staff',
  staffCreate: '/api/console/staff/create',
  staffDisable: '/api/console/staff/disable',
  staffResetPassword: '/api/console/staff/reset_password',
  password: '/api/console/password',
  audit: '/api/console/audit',
  userFind: '/api/console/users/find',
  user: '/api/console/users/detail',
  userGrant: '/api/console/users/grant',
  userEndSessions: '/api/console/users/end_sessions',
  userDissolveLink: '/api/console/users/dissolve_link',
} as const;

/** The cookie that carries a staff session (httpOnly, SameSite=Strict, only sent to `/api/console`). */
export const CONSOLE_SESSION_COOKIE = 'dso_console';
