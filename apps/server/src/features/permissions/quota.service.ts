import type { PermissionUse } from '@dso/contract';
import { PACK_VALIDITY_YEARS, shanghaiDay } from '@dso/domain';
import type { Database } from '../../db/client';
import type { AppError } from '../../lib/app-error';
import { currentBalancerRequestId, currentRequestId } from '../../lib/request-context';
import { type ResolvedGrade, resolveGrade } from './grade.service';
import { checkFor, type LoadedAlias, loadAlias, permissionLacking, quotaExhausted } from './permission-check.service';
import { findPermissionDefinition } from './permission-config';
import * as repository from './permissions.repository';
import * as ledger from './usage-ledger.repository';

/**
 * Quota use and consumption (001 §4–§6, §9): the pools of counts and daily counts, taking and giving
 * back units under a lock, and usage-count packs.
 */

/** The alias whose use is the parent's open invites and links, counted live rather than kept. */
export const SUB_ACCOUNT_COUNT = 'SUB_ACCOUNT_COUNT';

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
  // Daily counts reset at Shanghai midnight (16:00 UTC): the day is the period key.
  const periodKey = loaded.kind === 'day_count' ? shanghaiDay(now) : repository.TOTAL_PERIOD;
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
  /** What the units are for, as the user would say it (the words searched, the video, the template): the ledger shows it. */
  reason?: string;
  /** The request that asked; by default the one being served. */
  requestId?: string;
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
 * The charge of the alias the request being served already took from this user, if any: the load balancer retried
 * it on this instance after the one that charged it died before answering (docs/scale.md, "Failover"). Only the
 * balancer's request id counts (a client could name an earlier request of its own to be served again for nothing).
 * A charge given back since (`returned`) counts as none.
 */
async function chargeOfThisRequest(db: Database, options: ConsumeOptions) {
  const requestId = currentBalancerRequestId();
  if (!requestId) return undefined;
  const charge = await ledger.findCharge(db, { userId: options.userId, alias: options.alias, requestId });
  return charge?.state === 'returned' ? undefined : charge;
}

/**
 * Refuses (810) a consumption that cannot succeed, by reading alone: no transaction and no lock, so a
 * client hammering a used-up quota never queues for a pool connection or behind the lock. Passing
 * it promises nothing: {@link consumePermission} and {@link reservePermission} check again under the
 * lock. Callers that do costly work before charging call it before that work.
 */
export async function assertQuotaLeft(db: Database, options: ConsumeOptions): Promise<void> {
  const amount = options.amount ?? 1;
  // A retried request that was charged is served, even with the last unit gone (it took that unit).
  if (await chargeOfThisRequest(db, options)) return;
  await refuseWithoutUnits(
    db,
    await loadCountable(db, options.alias, amount),
    options,
    amount,
    options.now ?? new Date(),
  );
}

/** Units taken from a pool, and where they were counted (period key → units). */
interface Taken {
  pool: number;
  sources: Record<string, number>;
  use: PermissionUse;
}

/**
 * Checks and takes `amount` units inside `tx`, under one advisory lock per (pool, alias), so
 * concurrent requests on any number of connections or instances take turns and never both take the
 * last unit. Daily counts spend the day's allowance first, then valid packs, soonest to expire first.
 */
async function takeUnits(tx: Database, loaded: LoadedAlias, options: ConsumeOptions, amount: number, now: Date) {
  const resolved = await resolveGrade(tx, options.userId, now);
  const pool = resolved.poolUserId;
  await repository.lockKey(tx, quotaLockKey(pool, loaded.alias));
  const state = await readPool(tx, loaded, resolved, now);
  const refusal = shortfall(loaded, state, amount);
  if (refusal || state.value === null) throw refusal;

  if (loaded.kind === 'count') {
    const { per_val } = useOf(loaded, state);
    await repository.addUsage(tx, pool, loaded.alias, state.periodKey, amount);
    return { pool, sources: { [state.periodKey]: amount }, use: { per_val, use_val: state.used + amount } } as Taken;
  }

  const sources: Record<string, number> = {};
  const fromAllowance = Math.min(amount, Math.max(0, state.value - state.used));
  let rest = amount - fromAllowance;
  if (fromAllowance > 0) {
    await repository.addUsage(tx, pool, loaded.alias, state.periodKey, fromAllowance);
    sources[state.periodKey] = fromAllowance;
  }
  for (const pack of state.packs) {
    if (rest === 0) break;
    const take = Math.min(rest, Math.max(0, pack.amount - pack.used));
    if (take === 0) continue;
    const period = repository.packPeriod(pack.id);
    await repository.addUsage(tx, pool, loaded.alias, period, take);
    sources[period] = take;
    pack.used += take;
    rest -= take;
  }
  return { pool, sources, use: useOf(loaded, { ...state, used: state.used + fromAllowance }) } as Taken;
}

const quotaLockKey = (pool: number, alias: string) => `quota:${pool}:${alias}`;

/** Divides taken units among rows of the given sizes, in the order taken, each with the sources it came from. */
function divideSources(sources: Record<string, number>, sizes: number[]): Record<string, number>[] {
  const left = Object.entries(sources);
  return sizes.map((size) => {
    const part: Record<string, number> = {};
    let need = size;
    while (need > 0 && left.length > 0) {
      const [period, units] = left[0]!;
      const take = Math.min(need, units);
      part[period] = (part[period] ?? 0) + take;
      need -= take;
      if (take === units) left.shift();
      else left[0] = [period, units - take];
    }
    return part;
  });
}

function ledgerEntry(options: ConsumeOptions, taken: Taken, alias: string, now: Date) {
  return {
    userId: options.userId,
    poolUserId: taken.pool,
    alias,
    reason: options.reason ?? '',
    requestId: options.requestId ?? currentRequestId() ?? null,
    createdAt: now,
  };
}

/**
 * Checks and takes `amount` units of a count or daily count, atomically, and writes them to the usage
 * ledger as settled. A child account spends its parent's pool (counters and packs) at the parent's
 * grade. A quota already used up is refused before the transaction ({@link assertQuotaLeft}). Throws
 * 810 when the grade lacks the permission or the units are not there. Returns the use after taking.
 *
 * For work that calls an outside service before it is done, use {@link reservePermission} instead:
 * charging at the end lets concurrent calls all pass the check and all be served.
 *
 * A request the load balancer retried after the instance that charged it died unanswered is not charged again.
 */
export async function consumePermission(db: Database, options: ConsumeOptions): Promise<PermissionUse> {
  const amount = options.amount ?? 1;
  const now = options.now ?? new Date();
  const loaded = await loadCountable(db, options.alias, amount);
  // The balancer's retry of a request that was charged before its instance died: charged once, answered now.
  if (await chargeOfThisRequest(db, options)) return getPermissionUse(db, options.userId, options.alias, now);
  await refuseWithoutUnits(db, loaded, options, amount, now);
  return db.transaction(async (tx) => {
    const taken = await takeUnits(tx, loaded, options, amount, now);
    await ledger.insertEntries(tx, [
      {
        ...ledgerEntry(options, taken, loaded.alias, now),
        amount,
        sources: taken.sources,
        state: 'settled',
        settledAt: now,
      },
    ]);
    return taken.use;
  });
}

/** Units held for work in progress: settle them when it is done, give them back when it fails. */
export interface Reservation {
  /** The ledger row; {@link settleReservation} and {@link giveBackReservation} take it. */
  id: number;
  /** The use after taking. */
  use: PermissionUse;
}

/**
 * Takes units before an outside call (a model, a speech or image vendor), in the transaction that
 * checks them: of concurrent calls, only as many as there are units get a reservation, and the
 * rest are refused (810) before any vendor is asked. The units stay taken until the work completes
 * ({@link settleReservation}) or fails ({@link giveBackReservation}).
 */
export async function reservePermission(db: Database, options: ConsumeOptions): Promise<Reservation> {
  return reserveOne(db, options);
}

/** One reservation of `options.amount` units for `options.reason`; `lapseAfterMs` as {@link reserveUnits} takes it. */
async function reserveOne(db: Database, options: ConsumeOptions, lapseAfterMs?: number): Promise<Reservation> {
  const [reservation] = await reserveUnits(
    db,
    options,
    [{ reason: options.reason ?? '', amount: options.amount ?? 1 }],
    lapseAfterMs,
  );
  return reservation!;
}

/**
 * Reserves one unit per reason, all or nothing (a batch: one unit per keyword, each settled or given
 * back as its own work ends).
 */
export async function reservePermissionEach(
  db: Database,
  options: Omit<ConsumeOptions, 'amount' | 'reason'> & { reasons: string[] },
): Promise<Reservation[]> {
  return reserveUnits(
    db,
    options,
    options.reasons.map((reason) => ({ reason, amount: 1 })),
  );
}

/**
 * Takes the parts' units in one transaction, a reservation row each; `lapseAfterMs` marks them held by a request
 * (see {@link holdPermission}), when they lapse.
 */
async function reserveUnits(
  db: Database,
  options: ConsumeOptions,
  parts: { reason: string; amount: number }[],
  lapseAfterMs?: number,
): Promise<Reservation[]> {
  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  const now = options.now ?? new Date();
  const lapsesAt = lapseAfterMs === undefined ? null : new Date(now.getTime() + lapseAfterMs);
  const loaded = await loadCountable(db, options.alias, amount);
  await refuseWithoutUnits(db, loaded, options, amount, now);
  return db.transaction(async (tx) => {
    const taken = await takeUnits(tx, loaded, options, amount, now);
    const sources = divideSources(
      taken.sources,
      parts.map((part) => part.amount),
    );
    const rows = await ledger.insertEntries(
      tx,
      parts.map((part, index) => ({
        ...ledgerEntry({ ...options, reason: part.reason }, taken, loaded.alias, now),
        amount: part.amount,
        sources: sources[index]!,
        state: 'reserved' as const,
        lapsesAt,
      })),
    );
    return rows.map((row) => ({ id: row.id, use: taken.use }));
  });
}

/** The work a reservation held units for is done: the units stay spent. Idempotent. */
export async function settleReservation(db: Database, id: number, now = new Date()): Promise<void> {
  await ledger.settleReserved(db, id, now);
}

/**
 * The work a reservation held units for failed (the vendor refused or stopped, the user left before
 * any answer): its units go back to the counters they were taken from, a negative ledger row records
 * it, and the reservation reads `returned`. Idempotent: a reservation already settled or returned is
 * left as it is (false).
 */
export async function giveBackReservation(db: Database, id: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await ledger.takeReservedForReturn(tx, id, now);
    if (!row) return false;
    await repository.lockKey(tx, quotaLockKey(row.poolUserId, row.alias));
    const back: Record<string, number> = {};
    for (const [period, units] of Object.entries(row.sources)) {
      await repository.addUsage(tx, row.poolUserId, row.alias, period, -units);
      back[period] = -units;
    }
    await ledger.insertEntries(tx, [
      {
        userId: row.userId,
        poolUserId: row.poolUserId,
        alias: row.alias,
        amount: -row.amount,
        sources: back,
        reason: row.reason,
        state: 'settled',
        returnsId: row.id,
        requestId: currentRequestId() ?? row.requestId,
        createdAt: now,
        settledAt: now,
      },
    ]);
    return true;
  });
}

/**
 * How long a reservation a request holds may stay unsettled before the upkeep gives it back: far longer than the
 * longest work a request does (a streamed answer, a transcription: minutes), so only a request whose instance died
 * mid-work leaves one behind this long.
 */
export const REQUEST_HOLD_LAPSE_MS = 30 * 60_000;

/**
 * A reservation with its two endings bound, as a request holds it around its work (a streamed AI call through
 * lib/llm-stream's UnitsHold, a transcription, an API call): `settle` when the work completes, `giveBack` when it
 * fails. If neither comes (the instance died mid-work) it lapses after {@link REQUEST_HOLD_LAPSE_MS} and the upkeep
 * gives it back ({@link giveBackLapsedHolds}). The balancer's retry of such a request takes over the charge the dead
 * instance made rather than taking a second unit: a reservation still held is settled or given back by the retry, and
 * one already settled stays the request's one charge.
 */
export async function holdPermission(db: Database, options: ConsumeOptions) {
  const held = await chargeOfThisRequest(db, options);
  const reservation: Reservation = held
    ? { id: held.id, use: await getPermissionUse(db, options.userId, options.alias, options.now) }
    : await reserveOne(db, options, REQUEST_HOLD_LAPSE_MS);
  return {
    reservation,
    settle: () => settleReservation(db, reservation.id),
    giveBack: () => giveBackReservation(db, reservation.id),
  };
}

/** The most lapsed reservations one upkeep round gives back; the next round takes the rest. */
const LAPSED_PER_ROUND = 500;

/**
 * Gives back the reservations requests held past their lapse time (their instances died mid-work): each as a failed
 * work's, to the counters it came from, with its give-back row. Returns how many.
 */
export async function giveBackLapsedHolds(db: Database, now = new Date()): Promise<number> {
  let returned = 0;
  for (const id of await ledger.selectLapsedReservations(db, now, LAPSED_PER_ROUND)) {
    if (await giveBackReservation(db, id, now)) returned++;
  }
  return returned;
}

/**
 * Gives back units of a running total (`count`), for features whose count is of things held: a
 * monitor removed, an authorised account dropped. Never goes below zero. Daily counts are not given
 * back this way (a reservation is). Returns the use after.
 */
export async function releasePermission(db: Database, options: ConsumeOptions): Promise<PermissionUse> {
  const amount = options.amount ?? 1;
  const now = options.now ?? new Date();
  const loaded = await loadCountable(db, options.alias, amount);
  if (loaded.kind !== 'count') throw new Error(`${options.alias} is a daily count; daily units are not given back`);
  return db.transaction(async (tx) => {
    const resolved = await resolveGrade(tx, options.userId, now);
    const pool = resolved.poolUserId;
    await repository.lockKey(tx, quotaLockKey(pool, loaded.alias));
    const before = await repository.findUsage(tx, pool, loaded.alias, repository.TOTAL_PERIOD);
    const released = Math.min(amount, before);
    await repository.addUsage(tx, pool, loaded.alias, repository.TOTAL_PERIOD, -amount);
    if (released > 0) {
      const taken = { pool, sources: { [repository.TOTAL_PERIOD]: -released }, use: { per_val: 0, use_val: 0 } };
      await ledger.insertEntries(tx, [
        {
          ...ledgerEntry(options, taken, loaded.alias, now),
          amount: -released,
          sources: taken.sources,
          state: 'settled',
          settledAt: now,
        },
      ]);
    }
    return useOf(loaded, await readPool(tx, loaded, resolved, now));
  });
}

export interface AddUsagePackOptions {
  userId: number;
  alias: string;
  amount: number;
  /** The purchase (order id) that paid for it; a second call with the same ref changes nothing. */
  sourceRef: string;
  /** Purchase time; the pack is valid one year from it. */
  now?: Date;
  /** A different end (seats bought with a membership last as long as it). */
  expiresAt?: Date;
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
    expiresAt: options.expiresAt ?? packExpiry(options.now ?? new Date()),
  });
  if (!created && (pack.userId !== userId || pack.alias !== alias || pack.amount !== amount)) {
    throw new Error(`Pack source ${sourceRef} was already used for another pack`);
  }
  return pack;
}
