import type { Platform } from '@dso/contract';
import { growthFromTrend } from '@dso/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { countries as countriesTable } from '../../../db/schema';
import { overseasCountries } from '../countries';
import { upsertKeywords } from '../keyword-ingest.repository';
import { type KeywordScope, refreshGramStats } from '../keyword-search.repository';
import { generateKeywords } from './generator';

export interface SeedPlan {
  scopes: Array<KeywordScope & { count: number }>;
  seed: number;
  asOf: string;
  /** Keep daily trends (the demo set); bulk benchmark sets skip them. */
  withTrends: boolean;
  onProgress?: (scope: KeywordScope, done: number, total: number) => void;
}

/** The small library `npm start` seeds on a first run: every platform, five overseas countries. */
export function firstRunPlan(asOf: string): SeedPlan {
  const platforms: Array<[Platform, number]> = [
    ['DSO', 20_000],
    ['RSO', 6_000],
    ['WSO', 5_000],
    ['BSO', 3_000],
    ['KSO', 5_000],
  ];
  const overseas = ['US', 'GB', 'JP', 'ID', 'BR'].map((country) => ({
    platform: 'TSO' as const,
    country,
    count: 1_500,
  }));
  return {
    scopes: [...platforms.map(([platform, count]) => ({ platform, country: '', count })), ...overseas],
    seed: 20261121,
    asOf,
    withTrends: true,
  };
}

/** Reference data every installation has: the overseas countries with their Chinese names. */
export async function ensureCountries(db: Database) {
  await db
    .insert(countriesTable)
    .values(overseasCountries.map((country, sort) => ({ ...country, sort })))
    .onConflictDoUpdate({
      target: countriesTable.code,
      set: { nameCn: sql`excluded.name_cn`, translation: sql`excluded.translation`, sort: sql`excluded.sort` },
    });
}

/** Generates and ingests each scope of the plan, then rebuilds its gram statistics. */
export async function seedKeywords(db: Database, plan: SeedPlan) {
  for (const scope of plan.scopes) {
    let done = 0;
    for (const batch of generateKeywords({ ...scope, seed: plan.seed, asOf: plan.asOf })) {
      await upsertKeywords(
        db,
        batch.map((row) => ({
          ...row,
          platform: scope.platform,
          country: scope.country,
          asOf: plan.asOf,
          trend: plan.withTrends ? row.trend : null,
          growthRate: growthFromTrend(row.trend),
          isDemo: true,
        })),
      );
      done += batch.length;
      plan.onProgress?.(scope, done, scope.count);
    }
    await refreshGramStats(db, scope);
  }
}
