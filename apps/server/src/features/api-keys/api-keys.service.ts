import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiKeyItem,
  type ApiKeyList,
  apiKeyLimits,
  apiKeyMessages,
  Code,
  type CreatedApiKey,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError, orNotFound } from '../../lib/app-error';
import { resolveViewer, type Viewer } from '../keywords';
import { holdPermission, requirePermission } from '../permissions';
import * as repository from './api-keys.repository';

/**
 * API keys and API units (docs/api.md, "Keys and units"): a member's keys, who is calling with one,
 * and the units an open call takes from the owner's daily allowance.
 */

/** The daily allowance of API units (a day_count in the permission table). */
export const API_UNIT_ALIAS = 'API_UNIT_DAY_COUNT';

/** Every key starts with this, so a key pasted into the wrong place is recognisable (and secret scanners can find it). */
const KEY_PREFIX = 'dso_';
/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const KEY_PATTERN = /^dso_[A-Za-z0-9_-]{43}$/;
/** Characters of the key the list shows (`dso_` and 8 of the secret): enough to tell keys apart, far too few to guess. */
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const MINUTE_MS = 60_000;

/** Who is calling with a key: the key's owner acting with the owner's grade (a child account with its parent's grade). */
export interface ApiCaller {
  keyId: number;
  keyName: string;
  userId: number;
  viewer: Viewer;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function itemOf(row: repository.ApiKeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, userId: number): Promise<ApiKeyList> {
  return {
    items: (await repository.selectLiveKeys(db, userId)).map(itemOf),
    max_keys: apiKeyLimits.liveKeysMax,
    calls_per_minute: apiKeyLimits.callsPerMinute,
  };
}

/**
 * Makes a key and answers it whole, the only time it is ever shown: only its hash is stored. Needs a
 * grade with API units (810 lacking, the upgrade prompt, otherwise: a key that could never be used is
 * not handed out). At most {@link apiKeyLimits}.liveKeysMax live keys (300 otherwise); the count and
 * the insert share one transaction under the user's key lock, so concurrent creations cannot pass the
 * limit together.
 */
export async function createApiKey(
  db: Database,
  userId: number,
  name: string,
  now = new Date(),
): Promise<CreatedApiKey> {
  await requirePermission(db, userId, API_UNIT_ALIAS);
  const key = `${KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    await repository.lockKeysOf(tx, userId);
    if ((await repository.countLiveKeys(tx, userId)) >= apiKeyLimits.liveKeysMax) {
      throw AppError.toast(apiKeyMessages.tooMany);
    }
    return repository.insertKey(tx, {
      userId,
      name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      secretHash: hashKey(key),
      createdAt: now,
    });
  });
  return { item: itemOf(row), key };
}

export async function renameApiKey(db: Database, userId: number, id: number, name: string): Promise<ApiKeyItem> {
  return itemOf(orNotFound(await repository.renameKey(db, userId, id, name), apiKeyMessages.missing));
}

export async function revokeApiKey(db: Database, userId: number, id: number, now = new Date()): Promise<null> {
  orNotFound(await repository.revokeKey(db, userId, id, now), apiKeyMessages.missing);
  return null;
}

/** Erases an account's keys (注销账号): a closed account's keys stop working with it. */
export async function eraseApiKeysOf(db: Database, userId: number): Promise<void> {
  await repository.deleteKeysOf(db, userId);
}

const invalidKey = () => new AppError(Code.TOKEN_INVALID, apiKeyMessages.invalid, null, 401);

/** The key of an `Authorization: Bearer <key>` header, or null when the header is missing or not one. */
function keyOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  return key && KEY_PATTERN.test(key) ? key : null;
}

/**
 * Reads `Authorization: Bearer <key>` and answers who is calling. Refuses with 800 (HTTP 401, API 密钥无效或已撤销)
 * a missing, malformed, unknown or revoked key (a malformed one without touching the database), and
 * with 609 (HTTP 429, with `retry_after_seconds`) a key over {@link apiKeyLimits}.callsPerMinute calls in
 * its current minute. Every accepted call counts toward the minute and sets the key's 最近使用; refused
 * calls count too, so hammering a refusal does not open the gate sooner.
 */
export async function authenticateApiKey(
  db: Database,
  authorization: string | undefined,
  now = new Date(),
): Promise<ApiCaller> {
  const key = keyOf(authorization);
  if (!key) throw invalidKey();
  const used = await repository.countCall(db, hashKey(key), now, MINUTE_MS);
  if (!used) throw invalidKey();
  if (used.minuteCalls > apiKeyLimits.callsPerMinute) {
    const retryAfterMs = used.minuteStart.getTime() + MINUTE_MS - now.getTime();
    throw new AppError(
      Code.LIMITED,
      apiKeyMessages.tooFast,
      { retry_after_seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
      429,
    );
  }
  return { keyId: used.id, keyName: used.name, userId: used.userId, viewer: await resolveViewer(db, used.userId) };
}

/**
 * Runs one open call: takes `units` API units of the owner's daily allowance (the pool of the parent
 * for a child account), runs `work`, and gives the units back if `work` throws — a failure costs
 * nothing. The units are reserved before the work under the permission lock (concurrent calls beyond
 * the units left are refused, 810, before any work), then settled; the ledger row (用量明细) reads
 * `API 密钥「name」：what`. Refused with 810 when the grade lacks API_UNIT_DAY_COUNT (reason lacking, the
 * upgrade prompt) or the day's units are spent (reason exhausted).
 */
export async function spendApiUnits<T>(
  db: Database,
  caller: ApiCaller,
  call: { units: number; what: string },
  work: () => Promise<T>,
): Promise<T> {
  const hold = await holdPermission(db, {
    userId: caller.userId,
    alias: API_UNIT_ALIAS,
    amount: call.units,
    reason: `API 密钥「${caller.keyName}」：${call.what}`,
  });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await hold.giveBack();
    throw error;
  }
  await hold.settle();
  return result;
}
