/*
 * The operator's console (docs/console.md), 系统: the provider of each outside service, production checks, version and migrations.
 * Every call answers the console's envelope (console.ts): 800/801 without a live staff session, 403 无权限访问
 * for a role that may not. Instants are Unix seconds; money is integer fen.
 */

/** Paths of this page's calls. */
export const ConsoleSystemPath = {} as const;
