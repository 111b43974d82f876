import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { serverFile } from '../lib/server-files';
import { type Database, queryRows } from './client';

/*
 * The migrations the code ships (drizzle's journal, `drizzle/meta/_journal.json`) and those the database has
 * applied (drizzle's own `drizzle.__drizzle_migrations` table). Drizzle records each applied migration by its
 * journal time (`created_at` = the entry's `when`) and applies those newer than the latest it recorded, so the
 * time is what pairs the two.
 */

const journalFile = serverFile('drizzle', 'meta', '_journal.json');

export interface MigrationState {
  /** The migration's name, e.g. `0028_console`. */
  tag: string;
  /** When it was generated (the journal's `when`). */
  createdAt: Date;
  applied: boolean;
}

export interface MigrationsReport {
  migrations: MigrationState[];
  /** Applied migrations this code does not know: a database migrated by a newer version. */
  unknownApplied: number;
}

/** Each migration of the journal with whether the database has applied it. */
export async function readMigrations(db: Database): Promise<MigrationsReport> {
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const applied = new Set((await appliedMigrationTimes(db)).map(Number));
  const known = new Set(journal.entries.map((entry) => entry.when));
  return {
    migrations: journal.entries.map((entry) => ({
      tag: entry.tag,
      createdAt: new Date(entry.when),
      applied: applied.has(entry.when),
    })),
    unknownApplied: [...applied].filter((when) => !known.has(when)).length,
  };
}

/** The journal times drizzle recorded; none before the first migration made its table. */
async function appliedMigrationTimes(db: Database): Promise<Array<string | number>> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  if (!table?.name) return [];
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
  );
  return rows.map((row) => row.created_at);
}

/** A migration as the journal names it. */
export interface ShippedMigration {
  tag: string;
  /** The journal's `when`, which drizzle records as the migration's `created_at`. */
  when: number;
}

let lastShipped: Promise<ShippedMigration> | undefined;

/** The journal's last migration: the one a database must have applied for this code (read once). */
export function lastShippedMigration(): Promise<ShippedMigration> {
  lastShipped ??= readFile(journalFile, 'utf8').then((text) => {
    const entries = (JSON.parse(text) as { entries: ShippedMigration[] }).entries;
    const last = entries.at(-1);
    if (!last) throw new Error('the migrations journal is empty');
    return { tag: last.tag, when: last.when };
  });
  return lastShipped;
}

/**
 * Whether the database has applied `migration` or a later one (a newer version of the code migrated it: drizzle
 * applies every migration newer than the latest it recorded, so a later one implies this one). Fails when no
 * migration was ever applied (drizzle's table is missing).
 */
export async function isMigrationApplied(db: Database, migration: ShippedMigration): Promise<boolean> {
  const [row] = await queryRows<{ applied: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at >= ${migration.when}) AS applied`,
  );
  return row?.applied === true;
}
