import { readFile } from 'node:fs/promises';
import type { ConsoleService, ConsoleSystem } from '@dso/contract';
import { type AppConfig, outsideServices } from '../../../config';
import { type Database, databaseKind } from '../../../db/client';
import { readMigrations } from '../../../db/migrations';
import { serverFile } from '../../../lib/server-files';
import { unixSeconds } from '../../../lib/unix-seconds';

/**
 * The 系统 page (docs/console.md, "System"): what the running server is made of, read from its configuration
 * (the same table and checks the start-up reads) and the database's migrations. Read-only.
 */

const serverPackage = serverFile('package.json');

/** The provider each outside service uses, as the providers were made from the configuration. */
export function servicesOf(config: AppConfig): ConsoleService[] {
  return Object.entries(outsideServices).flatMap(([variable, service]) => {
    if (service.configKey === null) return [];
    const provider = String(config[service.configKey]);
    return [{ variable, label: service.label, provider, sandbox: provider === 'sandbox' }];
  });
}

export async function readSystem(db: Database, config: AppConfig): Promise<ConsoleSystem> {
  const [report, pkg] = await Promise.all([readMigrations(db), readFile(serverPackage, 'utf8')]);
  return {
    env: config.env,
    database: databaseKind(db),
    version: (JSON.parse(pkg) as { version: string }).version,
    commit: config.gitCommit,
    services: servicesOf(config),
    checks: config.productionChecks,
    migrations: report.migrations.map((migration) => ({
      tag: migration.tag,
      create_time: unixSeconds(migration.createdAt) as number,
      applied: migration.applied,
    })),
    unknown_migrations: report.unknownApplied,
  };
}
