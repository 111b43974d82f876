import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ZodError, type z } from 'zod';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { AppError } from '../lib/app-error';

/*
 * What the operators' command lines (`npm run orders`, `npm run console`) share: strict flags, the web
 * call's schema as the one check of a command's body, refusals printed as one line instead of a stack
 * trace, and the entry that opens the configured database around a command.
 */

/** A refusal the CLI prints instead of a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

export type FlagOptions = NonNullable<ParseArgsConfig['options']>;
export type FlagValues = Record<string, string | boolean | undefined>;
export type Print = (line: string) => void;

/** Flags that take a value, by name. */
export const stringFlags = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as FlagOptions;

/** Flags that are given or not, by name. */
export const booleanFlags = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'boolean' }])) as FlagOptions;

/** A command's flags; an unknown or malformed one refuses with the CLI's usage. */
export function parseFlags(args: string[], options: FlagOptions, usage: string): FlagValues {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as FlagValues;
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${usage}`);
  }
}

/** A list command's output: a line per row, or `empty` (（没有…）) when there is none; answers the rows as its data. */
export function printRows<Row>(rows: Row[], print: Print, empty: string, line: (row: Row) => string): Row[] {
  if (rows.length === 0) print(empty);
  for (const row of rows) print(line(row));
  return rows;
}

/** Parses a body with the web call's schema; the first refusal, with its field, as a CLI error. */
export function checked<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  try {
    return schema.parse(body);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0]!;
    throw new CliError(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
}

/** Runs a command; a service's refusal (AppError, in the words the web call answers) becomes a CLI error. */
export async function refusingAsCli<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The entry of `npm run <cli> -- <command>`: no command or `--help` prints the usage; otherwise the
 * configured database (DATABASE_URL, else PGlite under DATA_DIR) is migrated and the command runs on
 * it, its lines on stdout, a refusal on stderr with exit code 1.
 */
export async function runCli(
  usage: string,
  command: (db: Database, args: string[], print: Print) => Promise<unknown>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args[0] === 'help') {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  ).catch((error: unknown) => {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return null;
  });
  if (!handle) return;
  try {
    await handle.migrate();
    await command(handle.db, args, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}
