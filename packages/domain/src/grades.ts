/** Membership grades in ascending order (001 §1, 002 §4). */
export const grades = ['FREE', 'VIP', 'CVIP', 'SVIP', 'EVIP', 'GVIP'] as const;

/** A membership grade code as the wire carries it (`grade_info_vo.grade_enum`). */
export type Grade = (typeof grades)[number];

/** Whether a value is one of the known grade codes. */
export function isGrade(value: unknown): value is Grade {
  return typeof value === 'string' && (grades as readonly string[]).includes(value);
}

/**
 * Display names (001 §1). The spec names only FREE, VIP, SVIP and EVIP; CVIP sits between personal
 * and enterprise, so it is 专业版 (professional), and GVIP above flagship is 集团版 (group).
 */
export const gradeNames: Record<Grade, string> = {
  FREE: '免费版',
  VIP: '个人版',
  CVIP: '专业版',
  SVIP: '企业版',
  EVIP: '旗舰版',
  GVIP: '集团版',
};

/** Permission tier ids (001 §1, 002 §4); a tier id grants that grade and every grade above it. */
export const tierIds = { FREE: 0, VIP: 10086, SVIP: 20086, EVIP: 30086 } as const;

/** A grade that has a permission tier id. CVIP and GVIP have none. */
export type TierGrade = keyof typeof tierIds;

/** The grade of a permission tier id (number or numeric text), or null for any other id. */
export function gradeForTierId(id: number | string): TierGrade | null {
  // Number('') is 0, the FREE id; only digit text counts as an id.
  const tierId = typeof id === 'string' ? (/^\d+$/.test(id.trim()) ? Number(id) : Number.NaN) : id;
  const entry = Object.entries(tierIds).find(([, value]) => value === tierId);
  return entry ? (entry[0] as TierGrade) : null;
}

/** Position in the ascending ladder: FREE 0 … GVIP 5. */
export function gradeRank(grade: Grade): number {
  return grades.indexOf(grade);
}

/**
 * The grade to display and to check permissions with: unknown or empty values become FREE, as the
 * user info derives `grade` from `grade_info_vo.grade_enum` with a FREE default (001 §3, 002 §3).
 * Contrast {@link isTopTier}, which treats an unknown grade as top tier.
 */
export function normalizeGrade(value: string | null | undefined): Grade {
  return isGrade(value) ? value : 'FREE';
}

/**
 * Whether a grade is top tier and so sees the usage-count recharge instead of an upgrade path
 * (001 §1): EVIP, GVIP and any unknown non-empty grade. An empty grade is FREE by the default rule
 * (see {@link normalizeGrade}), so it is not top tier.
 */
export function isTopTier(value: string | null | undefined): boolean {
  if (!value) return false;
  return !isGrade(value) || gradeRank(value) >= gradeRank('EVIP');
}

/** What a signed-in account is offered to buy beside its own membership (see {@link membershipOffer}). */
export type MembershipOffer = 'upgrade' | 'renew' | 'recharge' | 'none';

/**
 * The buy entry shown with an account's own membership (000 §2.5 user panel, the personal centre): a
 * child account nothing, since it holds its parent's rights and cannot buy (001 §5, §6); top tier the
 * usage-count recharge instead of an upgrade path (001 §1); FREE the upgrade; other grades upgrade/renew.
 */
export function membershipOffer(account: { grade: string | null | undefined; isChild: boolean }): MembershipOffer {
  if (account.isChild) return 'none';
  if (isTopTier(account.grade)) return 'recharge';
  return normalizeGrade(account.grade) === 'FREE' ? 'upgrade' : 'renew';
}

/**
 * One step up the upgrade ladder (001 §4, 002 §4): FREE→VIP, VIP→SVIP, CVIP→SVIP, SVIP→EVIP.
 * EVIP stays, and so does GVIP, which is already above it.
 */
export function nextGrade(grade: Grade): Grade {
  const ladder: Record<Grade, Grade> = {
    FREE: 'VIP',
    VIP: 'SVIP',
    CVIP: 'SVIP',
    SVIP: 'EVIP',
    EVIP: 'EVIP',
    GVIP: 'GVIP',
  };
  return ladder[grade];
}

/**
 * The tier an upgrade prompt offers (001 §4, 002 §4): the needed tier when it is above the current
 * one; when it equals the current tier (or is lower or unknown) the prompt escalates one step.
 */
export function upgradeTarget(current: Grade, needed?: Grade | null): Grade {
  if (needed && gradeRank(needed) > gradeRank(current)) return needed;
  return nextGrade(current);
}

/**
 * The grade check (001 §5, 002 §5): the user passes when their grade ranks at or above the required
 * one, so VIP required fails FREE; SVIP required fails FREE, VIP and CVIP (CVIP ranks below SVIP);
 * EVIP required passes EVIP and GVIP (the spec leaves GVIP open; it ranks above EVIP). An unknown
 * user grade is checked as FREE so a garbled value never unlocks anything.
 */
export function passesGradeCheck(userGrade: string | null | undefined, required: Grade): boolean {
  return gradeRank(normalizeGrade(userGrade)) >= gradeRank(required);
}

/** Buy-times dialog type for extraction and other counts (001 §6, 002 §5). */
export const BUY_TIMES_TYPE = 9;

/** What happens when a quota runs out (001 §4, 002 §4). */
export type QuotaExhaustionAction =
  | { kind: 'pay'; preselect: Grade }
  | { kind: 'buyTimes'; type: typeof BUY_TIMES_TYPE };

/**
 * Quota exhausted (002 §4): top tier opens the buy-times dialog (type 9); below EVIP the pay dialog
 * opens with FREE→VIP, VIP→SVIP and every other grade (CVIP, SVIP) →EVIP preselected. That follows
 * 002's "others to EVIP", so CVIP skips SVIP here although {@link nextGrade} gives SVIP.
 */
export function quotaExhaustionAction(grade: string | null | undefined): QuotaExhaustionAction {
  if (isTopTier(grade)) return { kind: 'buyTimes', type: BUY_TIMES_TYPE };
  const current = normalizeGrade(grade);
  if (current === 'FREE') return { kind: 'pay', preselect: 'VIP' };
  if (current === 'VIP') return { kind: 'pay', preselect: 'SVIP' };
  return { kind: 'pay', preselect: 'EVIP' };
}

/** Alert shown to a logged-in user failing a grade check (002 §4): '提示升级 VIP'; null for FREE. */
export function upgradeAlertText(required: Grade): string | null {
  return required === 'FREE' ? null : `提示升级 ${required}`;
}

/** Tier-badge icons (001 §6, 002 §2). */
export type TierBadge = 'vip' | 'svip' | 'evip';

/**
 * The badge next to a feature needing a higher tier than the user's (001 §6), or null when the user
 * already passes. Only three icons exist, so CVIP shows 'svip' (the sold tier that covers it) and
 * GVIP shows 'evip'.
 */
export function tierBadge(userGrade: string | null | undefined, required: Grade): TierBadge | null {
  if (passesGradeCheck(userGrade, required)) return null;
  if (required === 'VIP') return 'vip';
  if (required === 'CVIP' || required === 'SVIP') return 'svip';
  return 'evip';
}

/** One binding of a permission child (001 §3); `type` names what `value` holds. */
export interface PermissionTreeBind {
  type: string;
  value: string | number;
  ext?: string | null;
}

/** A child of a permission node: one grant of the feature with its bindings. */
export interface PermissionTreeChild {
  id: number;
  permission_role_bind: PermissionTreeBind[];
}

/** A node of the permission tree `DccRoles` (001 §3, 002 §3): a feature alias and its grants. */
export interface PermissionTreeNode {
  alias: string;
  children: PermissionTreeChild[];
}

/**
 * The bind `type` whose `value` is a permission tier id (0, 10086, 20086, 30086). Reading of 001 §3:
 * each child of an alias is one grant, and a bind `{ type: 'ROLE', value: '20086' }` grants the
 * feature from that tier up; `ext` carries per-tier extras such as a quota and is ignored here.
 * Binds of any other type are not tier grants. Server and web both build and read the tree with this.
 */
export const TIER_BIND_TYPE = 'ROLE';

/**
 * The lowest grade that grants a feature (001 §5, 002 §5): the lowest tier bound to any child of
 * the alias. Null when the alias is absent or nothing binds a known tier, i.e. nobody has it.
 */
export function lowestGrantingGrade(tree: readonly PermissionTreeNode[], alias: string): TierGrade | null {
  const node = tree.find((candidate) => candidate.alias === alias);
  const granting = (node?.children ?? [])
    .flatMap((child) => child.permission_role_bind)
    .filter((bind) => bind.type === TIER_BIND_TYPE)
    .map((bind) => gradeForTierId(bind.value))
    .filter((grade) => grade !== null);
  if (granting.length === 0) return null;
  return granting.reduce((lowest, grade) => (gradeRank(grade) < gradeRank(lowest) ? grade : lowest));
}

/** The feature permission check (001 §5): does `grade` reach the lowest granting tier of `alias`? */
export function hasFeaturePermission(options: {
  tree: readonly PermissionTreeNode[];
  alias: string;
  grade: string | null | undefined;
}): boolean {
  const needed = lowestGrantingGrade(options.tree, options.alias);
  return needed !== null && passesGradeCheck(options.grade, needed);
}

/**
 * Row-cap message (001 §6, 002 §6): '您的X会员只能看N条数据，升级会员查看更多'. A grade code is shown by
 * its display name; any other text is used as given.
 */
export function rowCapMessage(gradeOrName: string, rows: number): string {
  const name = isGrade(gradeOrName) ? gradeNames[gradeOrName] : gradeOrName;
  return `您的${name}会员只能看${rows}条数据，升级会员查看更多`;
}

/**
 * Upgrade and exhaustion messages (001 §6, 002 §6). The spec quotes two wordings for some; one is
 * chosen per meaning so the same text appears everywhere.
 */
export const upgradeMessages = {
  /** A top-tier user's daily count is used up: come back tomorrow. */
  dailyExhaustedTopTier: '今日次数已用尽，明天再来试试吧~',
  /** A top-tier user's daily detail views are used up. */
  dailyViewsExhaustedTopTier: '今日查看次数已用尽,请明日再试',
  /** Below top tier: upgrade to get more. */
  dailyExhaustedUpgrade: '今日次数已用尽，请升级会员版本增加查看次数~',
  /** Plain insufficient permission. */
  insufficientRights: '权限不足，升级会员版本可查看更多数据~',
  /** Buy-times dialog heading (001 §2). */
  buyTimes: '本日次数已用尽',
} as const;

/**
 * The daily-exhausted message for a grade (001 §6, 002 §6): top tier is told to come back tomorrow
 * ('views' for detail views, 'count' for tool counts); everyone else is told to upgrade.
 */
export function dailyExhaustedMessage(grade: string | null | undefined, kind: 'count' | 'views' = 'count'): string {
  if (!isTopTier(grade)) return upgradeMessages.dailyExhaustedUpgrade;
  return kind === 'views' ? upgradeMessages.dailyViewsExhaustedTopTier : upgradeMessages.dailyExhaustedTopTier;
}

/**
 * Tier purchase restriction (001 §5): a member cannot buy a lower sold tier. Returns the refusal
 * message, or null when the purchase is allowed.
 */
export function purchaseBlockMessage(current: string | null | undefined, target: Grade): string | null {
  const grade = normalizeGrade(current);
  if (grade !== 'EVIP' && grade !== 'SVIP') return null;
  if (gradeRank(target) >= gradeRank(grade)) return null;
  return `您是${gradeNames[grade]}会员，不可购买${gradeNames[target]}！`;
}
