import type { UsageLog, UsageLogPermission } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import type { Database } from '../../db/client';
import { permissionConfig } from './permission-config';
import { getPermissionUse, SUB_ACCOUNT_COUNT } from './quota.service';
import * as ledger from './usage-ledger.repository';

/**
 * The usage log of the personal centre (docs/permissions.md, the usage ledger): for one Asia/Shanghai
 * day, each quota the user has, what is used of it, and the ledger entries behind that use, so "where
 * did my 10 searches go" has an answer.
 */

/** A day shows at most this many entries (a day's quotas are far smaller; a bulk import is not a user). */
export const USAGE_LOG_ENTRIES_MAX = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an Asia/Shanghai day begins (China keeps UTC+8 all year). */
const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** Quotas that units are charged from: counts and daily counts, but not child-account seats (held, never charged). */
const chargedPermissions = permissionConfig.filter(
  (definition) =>
    (definition.kind === 'count' || definition.kind === 'day_count') && definition.alias !== SUB_ACCOUNT_COUNT,
);

export async function getUsageLog(db: Database, userId: number, day: string | undefined, now = new Date()) {
  const today = shanghaiDay(now);
  const shown = day ?? today;
  const from = shanghaiDayStart(shown);
  const rows = await ledger.selectEntries(db, userId, from, new Date(from.getTime() + DAY_MS), USAGE_LOG_ENTRIES_MAX);
  const permissions: UsageLogPermission[] = [];
  for (const definition of chargedPermissions) {
    const entries = rows.filter((row) => row.alias === definition.alias);
    const use = await getPermissionUse(db, userId, definition.alias, now);
    // A permission the grade lacks and that has no entries that day has nothing to tell.
    if (use.per_val === 0 && entries.length === 0) continue;
    permissions.push({
      alias: definition.alias,
      name: definition.name,
      kind: definition.kind,
      per_val: use.per_val,
      use_val: use.use_val,
      day_used: entries.reduce((sum, row) => sum + row.amount, 0),
      entries: entries.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        amount: row.amount,
        reason: row.reason,
        state: row.state as UsageLogPermission['entries'][number]['state'],
        by_child: row.userId !== userId,
      })),
    });
  }
  return { day: shown, permissions } satisfies UsageLog;
}

/** One ledger row as the operator's console lists it. */
export interface UsageEntry {
  id: number;
  /** The account that acted: the member, or one of its child accounts on its pool. */
  userId: number;
  alias: string;
  name: string;
  amount: number;
  reason: string;
  state: string;
  createdAt: Date;
}

/** A member's latest ledger rows over every quota (the console's 用量 tab), newest first. */
export async function listLatestUsage(db: Database, userId: number, limit = 100): Promise<UsageEntry[]> {
  const names = new Map<string, string>(permissionConfig.map((definition) => [definition.alias, definition.name]));
  return (await ledger.selectLatestEntries(db, userId, limit)).map((row) => ({
    id: row.id,
    userId: row.userId,
    alias: row.alias,
    name: names.get(row.alias) ?? row.alias,
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    createdAt: row.createdAt,
  }));
}
