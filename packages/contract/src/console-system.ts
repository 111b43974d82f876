import { z } from 'zod';
import { unixSecondsSchema } from './shapes';

/*
 * The operator's console (docs/console.md), 系统: the provider of each outside service, production checks, version and migrations.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** An outside service and the provider the server uses for it. */
export const consoleServiceSchema = z.object({
  /** The variable that picks it, e.g. `SMS_PROVIDER`. */
  variable: z.string(),
  /** Its name, e.g. 短信. */
  label: z.string(),
  /** The provider picked, e.g. `sandbox`, `aliyun`, `manual`. */
  provider: z.string(),
  sandbox: z.boolean(),
});
export type ConsoleService = z.infer<typeof consoleServiceSchema>;

/** A check a production start must pass, and whether this configuration passes it. */
export const consoleProductionCheckSchema = z.object({
  variable: z.string(),
  passed: z.boolean(),
  /** What the start-up error says when it fails. */
  problem: z.string(),
});
export type ConsoleProductionCheck = z.infer<typeof consoleProductionCheckSchema>;

export const consoleMigrationSchema = z.object({
  /** e.g. `0028_console`. */
  tag: z.string(),
  create_time: unixSecondsSchema,
  applied: z.boolean(),
});
export type ConsoleMigration = z.infer<typeof consoleMigrationSchema>;

/** `GET /api/console/system` (管理员): read-only. */
export const consoleSystemSchema = z.object({
  /** NODE_ENV. */
  env: z.enum(['development', 'production', 'test']),
  /** The database the server runs on: a PostgreSQL server, or the embedded PGlite. */
  database: z.enum(['postgres', 'pglite']),
  /** The server's package version. */
  version: z.string(),
  /** The commit the deployment says it runs (GIT_COMMIT), or null. */
  commit: z.string().nullable(),
  services: z.array(consoleServiceSchema),
  checks: z.array(consoleProductionCheckSchema),
  migrations: z.array(consoleMigrationSchema),
  /** Applied migrations this version does not know (the database was migrated by a newer one). */
  unknown_migrations: z.number().int(),
});
export type ConsoleSystem = z.infer<typeof consoleSystemSchema>;

/** Paths of this page's calls. */
export const ConsoleSystemPath = {
  system: '/api/console/system',
} as const;
