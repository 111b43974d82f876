import { randomBytes } from 'node:crypto';
import {
  type AuthorizedAccount,
  type AuthorizedAccounts,
  authorizeReturnPaths,
  Code,
  PUBLISHING_ALIAS,
  PublishingPath,
  publishingMessages,
} from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type AccountAccess, PublishingError, type PublishingProvider } from '../../providers/publishing/index';
import { enqueueJob } from '../jobs';
import { assertQuotaLeft, consumePermission, getPermissionUse, releasePermission } from '../permissions';
import type { AccountRow } from './publishing.repository';
import * as repository from './publishing.repository';

/** The job that keeps authorised accounts' tokens alive. */
export const PUBLISHING_TOKENS_JOB = 'publishing.tokens';
/** How often it runs while any account is authorised. */
const UPKEEP_EVERY_MS = 6 * 3_600_000;
/** Access tokens ending within this are refreshed by the upkeep. */
const ACCESS_AHEAD_MS = 24 * 3_600_000;
/** Refresh tokens ending within this are renewed by the upkeep (Douyin allows five renewals). */
const REFRESH_AHEAD_MS = 5 * 86_400_000;

/** An authorisation must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;
/** An access token closer than this to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 10 * 60_000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The open id shortened for display: the platform's id is long and means nothing to a person. */
function shortOpenId(openId: string): string {
  return openId.length <= 12 ? openId : `${openId.slice(0, 6)}…${openId.slice(-4)}`;
}

export function toAuthorizedAccount(row: AccountRow): AuthorizedAccount {
  return {
    id: row.id,
    platform: 'douyin',
    nickname: row.nickname || '抖音用户',
    avatar: row.avatar,
    open_id: shortOpenId(row.openId),
    status: row.status === 'active' ? 'active' : 'expired',
    authorized_at: seconds(row.createdAt),
    access_expires_at: seconds(row.accessExpiresAt),
    refresh_expires_at: seconds(row.refreshExpiresAt),
  };
}

/**
 * The user's authorised Douyin accounts as the frame's tiktok user info list gives them (000 §4, 002 §7),
 * oldest first; revoked ones are not authorised any more. Only names and pictures: no tokens leave here.
 */
export async function listAuthorizedProfiles(
  db: Database,
  userId: number,
): Promise<Array<{ nickname: string; avatar: string; unique_id: string }>> {
  return (await repository.selectAccounts(db, userId)).map((row) => ({
    nickname: row.nickname || '抖音用户',
    avatar: row.avatar,
    unique_id: row.openId,
  }));
}

/** The user's authorised accounts and the AUTH_TIKTOK_COUNT use. */
export async function listAccounts(db: Database, userId: number, now: Date): Promise<AuthorizedAccounts> {
  const rows = await repository.selectAccounts(db, userId);
  return {
    list: rows.map(toAuthorizedAccount),
    quota: await getPermissionUse(db, userId, PUBLISHING_ALIAS, now),
  };
}

/** The address the platform sends the browser back to: PUBLIC_URL's, else the one the browser used. */
export function callbackUrl(publicUrl: string | undefined, origin: string): string {
  return new URL(PublishingPath.douyinCallback, publicUrl ?? origin).toString();
}

/**
 * Starts an authorisation: a single-use state naming the user and the page to return to, and the
 * platform's authorise address. A user with every seat taken is refused here (810), before leaving
 * the site, unless an expired account of theirs could be the one authorised again (it keeps its seat).
 */
export async function startAuthorization(options: {
  db: Database;
  provider: PublishingProvider;
  userId: number;
  returnTo: (typeof authorizeReturnPaths)[number];
  redirectUri: string;
  now: Date;
}): Promise<{ url: string }> {
  const { db, userId, now } = options;
  const accounts = await repository.selectAccounts(db, userId);
  if (!accounts.some((account) => account.status === 'expired')) {
    await assertQuotaLeft(db, { userId, alias: PUBLISHING_ALIAS, now });
  }
  const state = randomBytes(24).toString('base64url');
  await repository.insertOauthState(db, {
    state,
    userId,
    returnTo: options.returnTo,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { url: options.provider.authorizeUrl({ state, redirectUri: options.redirectUri }) };
}

/** Where the browser lands after an authorisation: the page it started from, told how it went. */
function returnAddress(returnTo: string, outcome: { ok: true } | { error: string }): string {
  const separator = returnTo.includes('?') ? '&' : '?';
  return 'ok' in outcome
    ? `${returnTo}${separator}auth=ok`
    : `${returnTo}${separator}auth_error=${encodeURIComponent(outcome.error)}`;
}

/**
 * The platform's return (`/api/callback/douyin?code&state`): exchanges the code, reads the profile and
 * keeps the account. Authorising an account the user already has refreshes its tokens for free; a new
 * one (or one another user revoked) takes an AUTH_TIKTOK_COUNT unit; one authorised by another user
 * is refused. Answers the address to send the browser to.
 */
export async function finishAuthorization(options: {
  db: Database;
  provider: PublishingProvider;
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  now: Date;
}): Promise<string> {
  const { db, provider, now } = options;
  const taken = options.state ? await repository.takeOauthState(db, options.state, now) : null;
  const fallback = authorizeReturnPaths[0];
  if (!taken) return returnAddress(fallback, { error: publishingMessages.authorizeExpired });
  const returnTo = taken.returnTo;
  if (!options.code || options.error) return returnAddress(returnTo, { error: publishingMessages.authorizeCancelled });

  try {
    const tokens = await provider.exchangeCode(options.code, now);
    const profile = await provider.fetchProfile({ openId: tokens.openId, accessToken: tokens.accessToken });
    const values = {
      nickname: profile.nickname,
      avatar: profile.avatar,
      scope: tokens.scope,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      status: 'active' as const,
      updatedAt: now,
    };
    const existing = await repository.findAccountByOpenId(db, tokens.openId);
    if (existing && existing.status !== 'revoked') {
      if (existing.userId !== taken.userId) {
        return returnAddress(returnTo, { error: publishingMessages.accountTakenByOther });
      }
      await repository.updateAccount(db, existing.id, values);
      await scheduleTokenUpkeep(db, new Date(now.getTime() + UPKEEP_EVERY_MS));
      return returnAddress(returnTo, { ok: true });
    }
    const charge = { userId: taken.userId, alias: PUBLISHING_ALIAS, now, reason: `授权抖音号 ${profile.nickname}` };
    await consumePermission(db, charge);
    try {
      if (existing) {
        await repository.updateAccount(db, existing.id, { ...values, userId: taken.userId, createdAt: now });
      } else {
        await repository.insertAccount(db, { ...values, userId: taken.userId, openId: tokens.openId, createdAt: now });
      }
    } catch (error) {
      await releasePermission(db, charge);
      if (!isUniqueViolation(error)) throw error;
      // Another authorisation of the same account finished first: the user's own (a double start) is fine.
      const winner = await repository.findAccountByOpenId(db, tokens.openId);
      return returnAddress(
        returnTo,
        winner?.userId === taken.userId ? { ok: true } : { error: publishingMessages.accountTakenByOther },
      );
    }
    await scheduleTokenUpkeep(db, new Date(now.getTime() + UPKEEP_EVERY_MS));
    return returnAddress(returnTo, { ok: true });
  } catch (error) {
    if (error instanceof AppError) return returnAddress(returnTo, { error: error.message });
    if (error instanceof PublishingError) return returnAddress(returnTo, { error: error.display });
    throw error;
  }
}

/** The caller's own account that is not revoked, else 404. */
async function ownAccount(db: Database, userId: number, id: number): Promise<AccountRow> {
  const row = await repository.findAccount(db, id);
  if (!row || row.userId !== userId || row.status === 'revoked')
    throw new AppError(Code.NOT_FOUND, publishingMessages.accountNotFound);
  return row;
}

/**
 * Refreshes an account's access token (`/oauth/refresh_token/`). A refresh token the platform no
 * longer takes marks the account expired: the user authorises it again.
 */
export async function refreshAccount(
  db: Database,
  provider: PublishingProvider,
  account: AccountRow,
  now: Date,
): Promise<AccountRow> {
  try {
    // A stored token that did not open (altered, or under a key no longer configured) reads as '':
    // the platform would only refuse it, so the account asks to be authorised again at once.
    if (account.refreshToken === '') throw new PublishingError('reauthorize', publishingMessages.tokenExpired);
    const tokens = await provider.refreshAccessToken(account.refreshToken, now);
    return await repository.updateAccount(db, account.id, {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
      status: 'active',
      updatedAt: now,
    });
  } catch (error) {
    if (error instanceof PublishingError && (error.reason === 'reauthorize' || error.reason === 'token_expired')) {
      await repository.updateAccount(db, account.id, { status: 'expired', updatedAt: now });
    }
    throw error;
  }
}

/** `POST refresh`: the user's button; platform errors answer as a toast with the platform's words. */
export async function refreshOwnAccount(
  db: Database,
  provider: PublishingProvider,
  userId: number,
  id: number,
  now: Date,
): Promise<AuthorizedAccount> {
  const account = await ownAccount(db, userId, id);
  try {
    return toAuthorizedAccount(await refreshAccount(db, provider, account, now));
  } catch (error) {
    if (error instanceof PublishingError) {
      throw AppError.toast(error.reason === 'reauthorize' ? publishingMessages.tokenExpired : error.display);
    }
    throw error;
  }
}

/**
 * Ends an authorisation: the tokens are wiped (the platform keeps no server-side revocation call for
 * web applications: the user can also cancel in Douyin's 授权管理), the row stays for the history of
 * its deliveries, and the AUTH_TIKTOK_COUNT unit is given back.
 */
export async function revokeAccount(db: Database, userId: number, id: number, now: Date): Promise<void> {
  await endAuthorization(db, await ownAccount(db, userId, id), now);
}

async function endAuthorization(db: Database, account: AccountRow, now: Date) {
  await repository.updateAccount(db, account.id, {
    status: 'revoked',
    accessToken: '',
    refreshToken: '',
    updatedAt: now,
  });
  await releasePermission(db, {
    userId: account.userId,
    alias: PUBLISHING_ALIAS,
    now,
    reason: `取消授权 ${account.nickname}`,
  });
}

/**
 * The platform's webhook: `unauthorize` (the user cancelled in the Douyin app) ends the authorisation as
 * 取消授权 would; an address check is answered with its challenge. Answers the HTTP status and body.
 */
export async function handleWebhook(
  db: Database,
  provider: PublishingProvider,
  signature: string | undefined,
  body: string,
  now: Date,
): Promise<{ status: number; body: unknown }> {
  const event = provider.readWebhook(signature, body);
  if (event.kind === 'forged') return { status: 403, body: { message: 'bad signature' } };
  if (event.kind === 'challenge') return { status: 200, body: { challenge: event.challenge } };
  if (event.kind === 'unauthorize') {
    const account = await repository.findAccountByOpenId(db, event.openId);
    if (account && account.status !== 'revoked') await endAuthorization(db, account, now);
  }
  return { status: 200, body: {} };
}

/** Usable access for an account, refreshing its access token first when it is about to end. */
export async function freshAccess(
  db: Database,
  provider: PublishingProvider,
  account: AccountRow,
  now: Date,
): Promise<{ account: AccountRow; access: AccountAccess }> {
  let current = account;
  if (current.accessExpiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS) {
    current = await refreshAccount(db, provider, current, now);
  }
  return { account: current, access: { openId: current.openId, accessToken: current.accessToken } };
}

/**
 * Seals tokens still stored in plaintext (rows from before sealing) and reseals those under a previous
 * key; run at start. Answers how many accounts were rewritten.
 */
export function resealStoredTokens(db: Database): Promise<number> {
  return repository.resealAccountTokens(db);
}

/** Queues the next token upkeep unless one already waits. */
export async function scheduleTokenUpkeep(db: Database, runAfter: Date) {
  await enqueueJob(db, { kind: PUBLISHING_TOKENS_JOB, runAfter, singletonKey: PUBLISHING_TOKENS_JOB, maxAttempts: 3 });
}

/**
 * The token upkeep (a job every 6 hours while any account is authorised): access tokens ending within
 * a day are refreshed, refresh tokens ending within 5 days renewed (`/oauth/renew_refresh_token/`), so
 * an account keeps working without its user until Douyin's five renewals are spent. One the platform
 * refuses turns expired; an outage is left for the next round.
 */
export async function keepTokensAlive(
  db: Database,
  provider: PublishingProvider,
  now: Date,
): Promise<{ refreshed: number; renewed: number; expired: number }> {
  const outcome = { refreshed: 0, renewed: 0, expired: 0 };
  const due = await repository.selectAccountsDue(
    db,
    new Date(now.getTime() + ACCESS_AHEAD_MS),
    new Date(now.getTime() + REFRESH_AHEAD_MS),
  );
  for (let account of due) {
    try {
      if (account.refreshExpiresAt.getTime() < now.getTime() + REFRESH_AHEAD_MS) {
        const renewed = await provider.renewRefreshToken(account.refreshToken, now);
        account = await repository.updateAccount(db, account.id, { ...renewed, updatedAt: now });
        outcome.renewed += 1;
      }
      if (account.accessExpiresAt.getTime() < now.getTime() + ACCESS_AHEAD_MS) {
        await refreshAccount(db, provider, account, now);
        outcome.refreshed += 1;
      }
    } catch (error) {
      if (!(error instanceof PublishingError)) throw error;
      if (error.reason === 'reauthorize' || error.reason === 'token_expired') {
        await repository.updateAccount(db, account.id, { status: 'expired', updatedAt: now });
        outcome.expired += 1;
      }
    }
  }
  if (await repository.hasActiveAccounts(db)) await scheduleTokenUpkeep(db, new Date(now.getTime() + UPKEEP_EVERY_MS));
  return outcome;
}
