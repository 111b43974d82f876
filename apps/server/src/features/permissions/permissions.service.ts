import {
  Code,
  type PermissionDeniedData,
  type PermissionKind,
  type PermissionTree,
  type PermissionUse,
  permissionKindSchema,
} from '@dso/contract';
import {
  dailyExhaustedMessage,
  type Grade,
  gradeRank,
  grades,
  isTopTier,
  lowestGrantingGrade,
  quotaExhaustionAction,
  TIER_BIND_TYPE,
  type TierGrade,
  tierIds,
  upgradeMessages,
} from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type ResolvedGrade, resolveGrade } from './grade.service';
import { findPermissionDefinition, type PermissionDefinition, permissionConfig } from './permission-config';
import * as repository from './permissions.repository';

/** Usage-count packs are valid for one year from purchase (001 §9). */
export const PACK_VALIDITY_YEARS = 1;

/** The alias whose use is the parent's open invites and links, counted live rather than kept. */
export const SUB_ACCOUNT_COUNT = 'SUB_ACCOUNT_COUNT';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The Asia/Shanghai calendar date (`YYYY-MM-DD`) of an instant: the period key of daily counts, so
 * they reset at local midnight (16:00 UTC). China keeps UTC+8 all year.
 */
export function shanghaiDate(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

// ——— configuration ———

/**
 * Problems with a permission table, empty when it is sound: every value a non-negative integer, a
 * kind that can carry it, and grants that the tree can express (see `permissionConfig`).
 */
export function validatePermissionConfig(config: readonly PermissionDefinition[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const definition of config) {
    const { alias, kind, values } = definition;
    if (seen.has(alias)) problems.push(`${alias}: listed twice`);
    seen.add(alias);
    if (!permissionKindSchema.safeParse(kind).success) problems.push(`${alias}: unknown kind ${kind}`);
    for (const [grade, value] of Object.entries(values)) {
      if (!Number.isInteger(value) || value < 0) problems.push(`${alias}: ${grade} value ${value} is not a count`);
      if (kind === 'flag' && value !== 1) problems.push(`${alias}: a flag is 1 where granted, absent elsewhere`);
    }
    if (definition.packable && kind !== 'count' && kind !== 'day_count') problems.push(`${alias}: packs need a count`);
    if (kind === 'count' && !definition.exhausted) problems.push(`${alias}: a count needs its exhaustion texts`);
    if ((values.CVIP === undefined) !== (values.VIP === undefined)) problems.push(`${alias}: CVIP must follow VIP`);
    if ((values.GVIP === undefined) !== (values.EVIP === undefined)) problems.push(`${alias}: GVIP must follow EVIP`);
    for (let rank = 1; rank < grades.length; rank++) {
      const lower = values[grades[rank - 1]!];
      const higher = values[grades[rank]!];
      if (lower !== undefined && (higher === undefined || higher < lower)) {
        problems.push(`${alias}: ${grades[rank]} has less than ${grades[rank - 1]}`);
      }
    }
  }
  return problems;
}

/**
 * Writes the permission table into `permission_aliases` / `permission_binds`: inserts what is new,
 * updates what changed, removes what the table no longer has. Safe to run on every start and from
 * several instances at once: one advisory lock makes concurrent runs take turns, and each run is
 * idempotent (bind ids survive updates, so the tree's child ids stay stable).
 */
export async function ensurePermissionConfig(db: Database, config: readonly PermissionDefinition[] = permissionConfig) {
  const problems = validatePermissionConfig(config);
  if (problems.length > 0) throw new Error(`Invalid permission configuration:\n  ${problems.join('\n  ')}`);
  await db.transaction(async (tx) => {
    await repository.lockKey(tx, 'permission-config');
    for (const definition of config) {
      await repository.upsertAlias(tx, {
        alias: definition.alias,
        name: definition.name,
        kind: definition.kind,
        description: definition.description,
      });
      const granted = grades.filter((grade) => definition.values[grade] !== undefined);
      for (const grade of granted) {
        await repository.upsertBind(tx, { alias: definition.alias, grade, value: definition.values[grade]! });
      }
      await repository.deleteBindsExcept(tx, definition.alias, granted);
    }
    await repository.deleteAliasesExcept(
      tx,
      config.map((definition) => definition.alias),
    );
  });
}

// ——— the tree ———

const tierGrades = Object.keys(tierIds) as TierGrade[];

function isTierGrade(grade: string): grade is TierGrade {
  return (tierGrades as string[]).includes(grade);
}

function configOrder(alias: string): number {
  const index = permissionConfig.findIndex((definition) => definition.alias === alias);
  return index === -1 ? permissionConfig.length : index;
}

/**
 * The permission tree `DccRoles` (001 §3): per alias one child per tier that has it, bound as
 * `{ type: 'ROLE', value: '<tier id>', ext: '<value>' }` (the reading of `TIER_BIND_TYPE`). CVIP and
 * GVIP have no tier id, so their values are not in the tree; the configuration rules make their
 * grants agree with the tiers below them.
 */
export async function getPermissionTree(db: Database): Promise<PermissionTree> {
  const aliases = await repository.selectAliases(db);
  const binds = await repository.selectBinds(db);
  return aliases
    .sort((a, b) => configOrder(a.alias) - configOrder(b.alias) || a.alias.localeCompare(b.alias))
    .map((alias) => ({
      alias: alias.alias,
      children: binds
        .filter((bind) => bind.alias === alias.alias && isTierGrade(bind.grade))
        .sort((a, b) => gradeRank(a.grade as Grade) - gradeRank(b.grade as Grade))
        .map((bind) => ({
          id: bind.id,
          permission_role_bind: [
            { type: TIER_BIND_TYPE, value: String(tierIds[bind.grade as TierGrade]), ext: String(bind.value) },
          ],
        })),
    }));
}

// ——— checks ———

interface LoadedAlias {
  alias: string;
  kind: PermissionKind;
  values: Partial<Record<Grade, number>>;
  /** The lowest tier that has it, as the client reads the tree; null when no tier has it. */
  neededGrade: TierGrade | null;
  definition: PermissionDefinition | undefined;
}

async function loadAlias(db: Database, alias: string): Promise<LoadedAlias> {
  const row = await repository.findAlias(db, alias);
  if (!row) throw new Error(`Unknown permission alias ${alias}; is ensurePermissionConfig run at start?`);
  const binds = await repository.selectBindsOf(db, alias);
  const values: Partial<Record<Grade, number>> = {};
  for (const bind of binds) values[bind.grade as Grade] = bind.value;
  const node = {
    alias,
    children: binds
      .filter((bind) => isTierGrade(bind.grade))
      .map((bind) => ({
        id: bind.id,
        permission_role_bind: [{ type: TIER_BIND_TYPE, value: String(tierIds[bind.grade as TierGrade]) }],
      })),
  };
  return {
    alias,
    kind: permissionKindSchema.parse(row.kind),
    values,
    neededGrade: lowestGrantingGrade([node], alias),
    definition: findPermissionDefinition(alias),
  };
}

/** What one grade holds of one permission. */
export interface PermissionCheck {
  alias: string;
  kind: PermissionKind;
  /** The effective grade checked (the parent's for a child account). */
  grade: Grade;
  granted: boolean;
  /** The grade's value: 1 for a flag, the cap for rows, the allowance for counts; null when lacking. */
  value: number | null;
  /** The lowest tier that grants it (what the client's tree says); null when nobody has it. */
  neededGrade: TierGrade | null;
}

function checkFor(loaded: LoadedAlias, grade: Grade): PermissionCheck {
  const value = loaded.values[grade] ?? null;
  return {
    alias: loaded.alias,
    kind: loaded.kind,
    grade,
    granted: value !== null,
    value,
    neededGrade: loaded.neededGrade,
  };
}

/** A permission for a grade, without a user (visitors' row caps, say, are checked as FREE by choice). */
export async function checkGradePermission(db: Database, grade: Grade, alias: string): Promise<PermissionCheck> {
  return checkFor(await loadAlias(db, alias), grade);
}

/** A permission of a user at its effective grade (001 §5): flag, row cap or allowance. */
export async function checkPermission(
  db: Database,
  userId: number,
  alias: string,
  now = new Date(),
): Promise<PermissionCheck> {
  const loaded = await loadAlias(db, alias);
  const { grade } = await resolveGrade(db, userId, now);
  return checkFor(loaded, grade);
}

/** {@link checkPermission}, refusing with 810 (权限不足…) when the grade lacks it. */
export async function requirePermission(
  db: Database,
  userId: number,
  alias: string,
  now = new Date(),
): Promise<PermissionCheck> {
  const check = await checkPermission(db, userId, alias, now);
  if (!check.granted) throw permissionLacking(check);
  return check;
}

// ——— refusals ———

function actionData(
  alias: string,
  reason: PermissionDeniedData['reason'],
  action: ReturnType<typeof quotaExhaustionAction>,
): PermissionDeniedData {
  return action.kind === 'pay'
    ? { alias, reason, action: 'pay', grade: action.preselect }
    : { alias, reason, action: 'buyTimes', type: action.type };
}

/**
 * 810 for a grade lacking a permission: 权限不足，升级会员版本可查看更多数据~, with the pay dialog
 * preselecting the lowest tier that has it (or one step up when that is not above the user's).
 */
export function permissionLacking(check: Pick<PermissionCheck, 'alias' | 'grade' | 'neededGrade'>): AppError {
  const data =
    check.neededGrade && gradeRank(check.neededGrade) > gradeRank(check.grade)
      ? ({ alias: check.alias, reason: 'lacking', action: 'pay', grade: check.neededGrade } as const)
      : actionData(check.alias, 'lacking', quotaExhaustionAction(check.grade));
  return new AppError(Code.NEEDS_UPGRADE, upgradeMessages.insufficientRights, data);
}

/**
 * 810 for a used-up quota (001 §4, §6; 002 §4, §6): below EVIP the pay dialog with the next tier
 * (FREE→VIP, VIP→SVIP, others→EVIP); EVIP and above the buy-times dialog (type 9). Daily counts use
 * the spec's daily wording, running totals their own.
 */
export function quotaExhausted(options: { alias: string; kind: PermissionKind; grade: Grade }): AppError {
  const texts = findPermissionDefinition(options.alias)?.exhausted;
  const msg =
    options.kind === 'count' && texts
      ? isTopTier(options.grade)
        ? texts.topTier
        : texts.upgrade
      : dailyExhaustedMessage(options.grade);
  return new AppError(
    Code.NEEDS_UPGRADE,
    msg,
    actionData(options.alias, 'exhausted', quotaExhaustionAction(options.grade)),
  );
}

// ——— usage ———

interface PoolState {
  resolved: ResolvedGrade;
  value: number | null;
  packs: Awaited<ReturnType<typeof repository.selectValidPacks>>;
  /** `count`: the running total; `day_count`: today's units taken from the grade's allowance. */
  used: number;
  periodKey: string;
}

async function readPool(db: Database, loaded: LoadedAlias, resolved: ResolvedGrade, now: Date): Promise<PoolState> {
  const pool = resolved.poolUserId;
  const value = loaded.values[resolved.grade] ?? null;
  const packable = loaded.definition?.packable ?? false;
  const packs = packable && value !== null ? await repository.selectValidPacks(db, pool, loaded.alias, now) : [];
  const periodKey = loaded.kind === 'day_count' ? shanghaiDate(now) : repository.TOTAL_PERIOD;
  const used =
    loaded.alias === SUB_ACCOUNT_COUNT
      ? await repository.countOpenSubAccounts(db, pool)
      : await repository.findUsage(db, pool, loaded.alias, periodKey);
  return { resolved, value, packs, used, periodKey };
}

/**
 * `per_val` and `use_val` as the client reads them (remaining = per_val − use_val):
 * - count: the grade's value plus valid packs, and the running total (which can exceed it after a
 *   downgrade; the client treats ≤ 0 remaining as none);
 * - day_count: the grade's value plus the amounts of valid packs, and today's units from the
 *   allowance plus the units spent from those packs, so the difference is exactly what is left;
 * - flag and rows: the value (1, or the cap) and 0.
 * A grade that lacks the permission has per_val 0 (packs do not unlock a feature).
 */
function useOf(loaded: LoadedAlias, state: PoolState): PermissionUse {
  const { value, packs, used } = state;
  if (loaded.kind === 'flag' || loaded.kind === 'rows') return { per_val: value ?? 0, use_val: 0 };
  if (value === null) return { per_val: 0, use_val: loaded.kind === 'count' ? used : 0 };
  const packTotal = packs.reduce((sum, pack) => sum + pack.amount, 0);
  if (loaded.kind === 'count') return { per_val: value + packTotal, use_val: used };
  const packUsed = packs.reduce((sum, pack) => sum + Math.min(pack.used, pack.amount), 0);
  return { per_val: value + packTotal, use_val: Math.min(used, value) + packUsed };
}

/** A user's `per_val` / `use_val` for an alias in the current period (`GET /api/permission/use`). */
export async function getPermissionUse(
  db: Database,
  userId: number,
  alias: string,
  now = new Date(),
): Promise<PermissionUse> {
  const loaded = await loadAlias(db, alias);
  const resolved = await resolveGrade(db, userId, now);
  return useOf(loaded, await readPool(db, loaded, resolved, now));
}

export interface ConsumeOptions {
  userId: number;
  alias: string;
  /** Units to take, all or nothing. */
  amount?: number;
  now?: Date;
}

async function loadCountable(db: Database, alias: string, amount: number): Promise<LoadedAlias> {
  if (!Number.isInteger(amount) || amount < 1) throw new Error(`Permission amount must be a positive integer`);
  const loaded = await loadAlias(db, alias);
  if (loaded.kind !== 'count' && loaded.kind !== 'day_count') {
    throw new Error(`${alias} is a ${loaded.kind} permission; use requirePermission or checkPermission`);
  }
  if (alias === SUB_ACCOUNT_COUNT) throw new Error(`${alias} is used by creating sub-account invites`);
  return loaded;
}

/** Why `amount` units cannot be taken from a pool (810 lacking or exhausted), or null when they can. */
function shortfall(loaded: LoadedAlias, state: PoolState, amount: number): AppError | null {
  const { grade } = state.resolved;
  if (state.value === null) return permissionLacking(checkFor(loaded, grade));
  const exhausted = quotaExhausted({ alias: loaded.alias, kind: loaded.kind, grade });
  if (loaded.kind === 'count') return state.used + amount > useOf(loaded, state).per_val ? exhausted : null;
  const fromAllowance = Math.min(amount, Math.max(0, state.value - state.used));
  const packLeft = state.packs.reduce((sum, pack) => sum + Math.max(0, pack.amount - pack.used), 0);
  return amount - fromAllowance > packLeft ? exhausted : null;
}

async function refuseWithoutUnits(
  db: Database,
  loaded: LoadedAlias,
  options: ConsumeOptions,
  amount: number,
  now: Date,
) {
  const resolved = await resolveGrade(db, options.userId, now);
  const refusal = shortfall(loaded, await readPool(db, loaded, resolved, now), amount);
  if (refusal) throw refusal;
}

/**
 * Refuses (810) a consumption that cannot succeed, by reading alone: no transaction and no lock, so a
 * client hammering a used-up quota never queues for a pool connection or behind the lock. Passing
 * it promises nothing: {@link consumePermission} checks again under the lock. Callers that do costly
 * work before charging (a search charged only once answered) call it before that work.
 */
export async function assertQuotaLeft(db: Database, options: ConsumeOptions): Promise<void> {
  const amount = options.amount ?? 1;
  await refuseWithoutUnits(
    db,
    await loadCountable(db, options.alias, amount),
    options,
    amount,
    options.now ?? new Date(),
  );
}

/**
 * Checks and takes `amount` units of a count or daily count, atomically: the pool's counters for the
 * alias are read and written under one advisory lock per (pool, alias), so concurrent requests on
 * any number of connections or instances take turns and never both take the last unit. A child
 * account spends its parent's pool (counters and packs) at the parent's grade. A quota already used
 * up is refused before the transaction ({@link assertQuotaLeft}).
 *
 * Daily counts spend the day's allowance first, then valid packs, soonest to expire first; pack units
 * are never refilled. Throws 810 when the grade lacks the permission or the units are not there.
 * Returns the use after taking.
 */
export async function consumePermission(db: Database, options: ConsumeOptions): Promise<PermissionUse> {
  const amount = options.amount ?? 1;
  const now = options.now ?? new Date();
  const loaded = await loadCountable(db, options.alias, amount);
  await refuseWithoutUnits(db, loaded, options, amount, now);
  return db.transaction(async (tx) => {
    const resolved = await resolveGrade(tx, options.userId, now);
    const pool = resolved.poolUserId;
    await repository.lockKey(tx, `quota:${pool}:${loaded.alias}`);
    const state = await readPool(tx, loaded, resolved, now);
    const refusal = shortfall(loaded, state, amount);
    if (refusal || state.value === null) throw refusal;

    if (loaded.kind === 'count') {
      const { per_val } = useOf(loaded, state);
      await repository.addUsage(tx, pool, loaded.alias, state.periodKey, amount);
      return { per_val, use_val: state.used + amount };
    }

    const fromAllowance = Math.min(amount, Math.max(0, state.value - state.used));
    let rest = amount - fromAllowance;
    if (fromAllowance > 0) await repository.addUsage(tx, pool, loaded.alias, state.periodKey, fromAllowance);
    for (const pack of state.packs) {
      if (rest === 0) break;
      const take = Math.min(rest, Math.max(0, pack.amount - pack.used));
      if (take === 0) continue;
      await repository.addUsage(tx, pool, loaded.alias, repository.packPeriod(pack.id), take);
      pack.used += take;
      rest -= take;
    }
    return useOf(loaded, { ...state, used: state.used + fromAllowance });
  });
}

/**
 * Gives back units of a running total (`count`), for features whose count is of things held: a
 * monitor removed, an authorised account dropped. Never goes below zero. Daily counts are not given
 * back. Returns the use after.
 */
export async function releasePermission(db: Database, options: ConsumeOptions): Promise<PermissionUse> {
  const amount = options.amount ?? 1;
  const now = options.now ?? new Date();
  const loaded = await loadCountable(db, options.alias, amount);
  if (loaded.kind !== 'count') throw new Error(`${options.alias} is a daily count; daily units are not given back`);
  return db.transaction(async (tx) => {
    const resolved = await resolveGrade(tx, options.userId, now);
    await repository.lockKey(tx, `quota:${resolved.poolUserId}:${loaded.alias}`);
    await repository.addUsage(tx, resolved.poolUserId, loaded.alias, repository.TOTAL_PERIOD, -amount);
    return useOf(loaded, await readPool(tx, loaded, resolved, now));
  });
}

// ——— packs ———

export interface AddUsagePackOptions {
  userId: number;
  alias: string;
  amount: number;
  /** The purchase (order id) that paid for it; a second call with the same ref changes nothing. */
  sourceRef: string;
  /** Purchase time; the pack is valid one year from it. */
  now?: Date;
}

/** One year after an instant (29 February rolls to 1 March). */
export function packExpiry(purchasedAt: Date): Date {
  const expires = new Date(purchasedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + PACK_VALIDITY_YEARS);
  return expires;
}

/**
 * Adds a usage-count pack (001 §4, §9): extra units of a count or daily count, valid one year.
 * Idempotent by `sourceRef`, so a retried payment notification adds it once; a ref reused for a
 * different user, alias or amount is a bug and throws.
 */
export async function addUsagePack(db: Database, options: AddUsagePackOptions) {
  const { userId, alias, amount, sourceRef } = options;
  if (!Number.isInteger(amount) || amount < 1) throw new Error('Pack amount must be a positive integer');
  if (!sourceRef) throw new Error('A pack needs the purchase it came from');
  const definition = findPermissionDefinition(alias);
  if (!definition?.packable) throw new Error(`No usage-count packs exist for ${alias}`);
  const { pack, created } = await repository.insertPack(db, {
    userId,
    alias,
    amount,
    sourceRef,
    expiresAt: packExpiry(options.now ?? new Date()),
  });
  if (!created && (pack.userId !== userId || pack.alias !== alias || pack.amount !== amount)) {
    throw new Error(`Pack source ${sourceRef} was already used for another pack`);
  }
  return pack;
}
