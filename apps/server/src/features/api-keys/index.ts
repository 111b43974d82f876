/**
 * What the api-keys feature offers other features (the open routes under /open/v1 and the MCP server):
 * who is calling with a key, and one open call's API units. Members manage their keys in /setting
 * (docs/api.md, "Keys and units").
 */

import type { Database } from '../../db/client';
import type { Viewer } from '../keywords';

/** Who is calling with a key: the key's owner acting with the owner's grade (a child account with its parent's grade). */
export interface ApiCaller {
  keyId: number;
  keyName: string;
  userId: number;
  viewer: Viewer;
}

/**
 * Reads `Authorization: Bearer <key>`; throws AppError 800 (API 密钥无效或已撤销) for a missing, malformed,
 * unknown or revoked key, and AppError 609 (HTTP 429) when the key is over its per-minute limit.
 */
export async function authenticateApiKey(
  _db: Database,
  _authorization: string | undefined,
  _now?: Date,
): Promise<ApiCaller> {
  throw new Error('authenticateApiKey: being built (issue 25)');
}

/**
 * Runs one open call: takes `units` API units of the owner's daily allowance (API_UNIT_DAY_COUNT; 810
 * when the grade lacks it or the day's units are spent), runs `work`, and gives the units back if
 * `work` throws — a failure costs nothing. The ledger row's reason names the key and what was called.
 */
export async function spendApiUnits<T>(
  _db: Database,
  _caller: ApiCaller,
  _call: { units: number; what: string },
  work: () => Promise<T>,
): Promise<T> {
  return work();
}
