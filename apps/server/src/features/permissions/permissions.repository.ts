import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { permissionAliases, permissionBinds, permissionUsage, subAccountLinks, usagePacks } from '../../db/schema';

export type AliasRow = typeof permissionAliases.$inferSelect;
export type BindRow = typeof permissionBinds.$inferSelect;
export type PackRow = typeof usagePacks.$inferSelect;

/** Period key of running totals (`count`). Daily counts use the Asia/Shanghai date, packs `pack:<id>`. */
export const TOTAL_PERIOD = 'total';

export function packPeriod(packId: number): string {
  return `pack:${packId}`;
}

/**
 * Serialises a transaction against every other holder of the same key until it ends. Advisory locks
 * are PostgreSQL's own and work across connections and instances; a hash collision between two keys
 * only makes them wait for each other.
 */
export async function lockKey(tx: Database, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

// ——— configuration ———

export async function upsertAlias(tx: Database, row: AliasRow) {
  await tx
    .insert(permissionAliases)
    .values(row)
    .onConflictDoUpdate({
      target: permissionAliases.alias,
      set: { name: row.name, kind: row.kind, description: row.description },
      setWhere: sql`(${permissionAliases.name}, ${permissionAliases.kind}, ${permissionAliases.description})
        is distinct from (excluded.name, excluded.kind, excluded.description)`,
    });
}

export async function deleteAliasesExcept(tx: Database, keep: string[]) {
  await tx.delete(permissionAliases).where(notInArray(permissionAliases.alias, keep));
}

export async function upsertBind(tx: Database, row: { alias: string; grade: string; value: number }) {
  await tx
    .insert(permissionBinds)
    .values(row)
    .onConflictDoUpdate({
      target: [permissionBinds.alias, permissionBinds.grade],
      set: { value: row.value },
      setWhere: sql`${permissionBinds.value} is distinct from excluded.value`,
    });
}

export async function deleteBindsExcept(tx: Database, alias: string, keepGrades: string[]) {
  await tx
    .delete(permissionBinds)
    .where(and(eq(permissionBinds.alias, alias), notInArray(permissionBinds.grade, keepGrades)));
}

export async function selectAliases(db: Database) {
  return db.select().from(permissionAliases).orderBy(asc(permissionAliases.alias));
}

export async function selectBinds(db: Database) {
  return db.select().from(permissionBinds).orderBy(asc(permissionBinds.alias), asc(permissionBinds.id));
}

export async function findAlias(db: Database, alias: string) {
  const [row] = await db.select().from(permissionAliases).where(eq(permissionAliases.alias, alias)).limit(1);
  return row;
}

export async function selectBindsOf(db: Database, alias: string) {
  return db.select().from(permissionBinds).where(eq(permissionBinds.alias, alias));
}

// ——— usage ———

export async function findUsage(db: Database, userId: number, alias: string, periodKey: string): Promise<number> {
  const [row] = await db
    .select({ useVal: permissionUsage.useVal })
    .from(permissionUsage)
    .where(
      and(
        eq(permissionUsage.userId, userId),
        eq(permissionUsage.alias, alias),
        eq(permissionUsage.periodKey, periodKey),
      ),
    )
    .limit(1);
  return row?.useVal ?? 0;
}

/** Adds `amount` (negative to give back) to a counter, creating it; never below zero. */
export async function addUsage(db: Database, userId: number, alias: string, periodKey: string, amount: number) {
  await db
    .insert(permissionUsage)
    .values({ userId, alias, periodKey, useVal: Math.max(0, amount) })
    .onConflictDoUpdate({
      target: [permissionUsage.userId, permissionUsage.alias, permissionUsage.periodKey],
      set: { useVal: sql`greatest(0, ${permissionUsage.useVal} + ${amount})`, updatedAt: sql`now()` },
    });
}

/** The user's packs for an alias that are still valid at `now`, soonest to expire first. */
export async function selectValidPacks(db: Database, userId: number, alias: string, now: Date) {
  return db
    .select({
      id: usagePacks.id,
      amount: usagePacks.amount,
      expiresAt: usagePacks.expiresAt,
      used: sql<number>`coalesce(${permissionUsage.useVal}, 0)`.mapWith(Number),
    })
    .from(usagePacks)
    .leftJoin(
      permissionUsage,
      and(
        eq(permissionUsage.userId, usagePacks.userId),
        eq(permissionUsage.alias, usagePacks.alias),
        eq(permissionUsage.periodKey, sql`'pack:' || ${usagePacks.id}`),
      ),
    )
    .where(and(eq(usagePacks.userId, userId), eq(usagePacks.alias, alias), gt(usagePacks.expiresAt, now)))
    .orderBy(asc(usagePacks.expiresAt), asc(usagePacks.id));
}

/** Inserts a pack unless its source order already made one; returns the stored pack either way. */
export async function insertPack(
  db: Database,
  values: { userId: number; alias: string; amount: number; sourceRef: string; expiresAt: Date },
): Promise<{ pack: PackRow; created: boolean }> {
  const [inserted] = await db
    .insert(usagePacks)
    .values(values)
    .onConflictDoNothing({ target: usagePacks.sourceRef })
    .returning();
  if (inserted) return { pack: inserted, created: true };
  const [existing] = await db.select().from(usagePacks).where(eq(usagePacks.sourceRef, values.sourceRef)).limit(1);
  return { pack: existing!, created: false };
}

/** Child accounts a parent holds: open invites and active links (the use of SUB_ACCOUNT_COUNT). */
export async function countOpenSubAccounts(db: Database, parentUserId: number): Promise<number> {
  return db.$count(
    subAccountLinks,
    and(eq(subAccountLinks.parentUserId, parentUserId), inArray(subAccountLinks.status, ['pending', 'active'])),
  );
}
