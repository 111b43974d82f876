import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Code, WECHAT_QR_EXPIRED_MESSAGE, type WechatPollResult, type WechatQr } from '@dso/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { WechatEvent, WechatLoginProvider } from '../../../providers/wechat/index';
import { withdrawClosureOnLogin } from '../closure/closure-records.service';
import { openSession, type SessionLimits, type SessionOrigin } from '../sessions';
import * as repository from './wechat.repository';

/** After a scan, the browser's poll has this long to pick the login up. */
const CLAIM_WINDOW_SECONDS = 60;
/**
 * A WeChat account without a DSO account has this long to bind a phone (an SMS round trip); the same
 * 30 minutes bind-phone allows after the scan (account/profile).
 */
const BIND_WINDOW_SECONDS = 30 * 60;

const expired = () => new AppError(Code.NOT_FOUND, WECHAT_QR_EXPIRED_MESSAGE);

/** Tickets and scenes are bearer secrets of the QR, so they are random, not sequential. */
const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

export interface IssueQrOptions {
  db: Database;
  provider: WechatLoginProvider;
  log: FastifyBaseLogger;
  /** Where the asking browser reached this server, for a provider whose QR points back here. */
  origin?: string;
}

/** A fresh login QR. The poll ticket stays with the browser; only the scene travels in the QR. */
export async function issueLoginQr({ db, provider, log, origin }: IssueQrOptions): Promise<WechatQr> {
  const ticket = randomId(24);
  const sceneId = randomId(16);
  const qr = await provider.createLoginQr(sceneId, origin).catch((error: unknown) => {
    log.error({ err: error, provider: provider.name }, 'WeChat login QR could not be created');
    throw AppError.toast('微信二维码获取失败，请稍后再试');
  });
  await repository.insertTicket(db, { ticket, sceneId, expireSeconds: qr.expireSeconds });
  return { qr_code_url: qr.qrCodeUrl, ticket, expire_seconds: qr.expireSeconds };
}

/** True when the scene's QR is live (the sandbox scan page then shows its buttons). */
export function openScanPage(db: Database, sceneId: string): Promise<boolean> {
  return repository.markScanned(db, sceneId);
}

export type EventOutcome = 'confirmed' | 'cancelled' | 'expired' | 'ignored';

/** Applies a vendor event to its ticket. Idempotent, because WeChat retries an event it thinks was lost. */
export async function recordEvent(db: Database, event: WechatEvent): Promise<EventOutcome> {
  if (event.kind === 'scan') {
    const confirmed = await repository.confirmScan(db, event.sceneId, event.openId, CLAIM_WINDOW_SECONDS);
    return confirmed ? 'confirmed' : 'expired';
  }
  if (event.kind === 'cancel') {
    await repository.cancelScan(db, event.sceneId);
    return 'cancelled';
  }
  return 'ignored';
}

export interface PollOptions {
  db: Database;
  ticket: string;
  /** How long to hold the request while nothing happens, and how often to re-read the ticket. */
  holdMs: number;
  intervalMs: number;
  /**
   * Aborted when the client goes away or the server shuts down: the poll stops, and must not consume a
   * login nobody receives (a client of a stopping server gets it from its next poll, of another instance).
   */
  signal: AbortSignal;
  origin: SessionOrigin;
  limits: SessionLimits;
}

/**
 * The long poll: re-reads the ticket row until something happened or the hold time is up. The state
 * is in the database, so a scan recorded by any instance ends a poll held by any other.
 */
export async function pollLogin(options: PollOptions): Promise<WechatPollResult> {
  const deadline = Date.now() + options.holdMs;
  for (;;) {
    const result = await checkTicket(options);
    const isWaiting = result.status === 'waiting' || result.status === 'scanned';
    if (!isWaiting || options.signal.aborted || Date.now() + options.intervalMs >= deadline) return result;
    try {
      await sleep(options.intervalMs, undefined, { signal: options.signal });
    } catch {
      return result;
    }
  }
}

async function checkTicket(options: PollOptions): Promise<WechatPollResult> {
  const row = await repository.findTicket(options.db, options.ticket);
  if (!row?.isLive) throw expired();
  switch (row.status) {
    case 'waiting':
    case 'scanned':
      return { status: row.status, need_bind: false };
    case 'confirmed':
      // A client that left cannot receive a token: leave the login for its next poll.
      if (options.signal.aborted) return { status: 'scanned', need_bind: false };
      return finishLogin(options, row.openId ?? '');
    case 'need_bind':
      return needBind(row.openId ?? '');
    default:
      throw expired();
  }
}

async function finishLogin(options: PollOptions, openId: string): Promise<WechatPollResult> {
  const { db, ticket } = options;
  const userId = await repository.findUserIdByOpenId(db, openId);
  if (userId === null) {
    await repository.markNeedBind(db, ticket, BIND_WINDOW_SECONDS);
    return needBind(openId);
  }
  // Claim, the withdrawal of a closure request and the session commit together: a failed session
  // leaves the login claimable by the next poll.
  const opened = await db.transaction(async (tx) => {
    if (!(await repository.claimLogin(tx, ticket, userId))) return null;
    const withdrawn = await withdrawClosureOnLogin(tx, userId, new Date());
    return { token: await openSession(tx, userId, options.origin, options.limits), withdrawn };
  });
  // Another poll of the same ticket won the race; for this one the QR is used up.
  if (opened === null) throw expired();
  const { token, withdrawn } = opened;
  const result: WechatPollResult = { status: 'done', token, user_id: userId, need_bind: false, user_info: { token } };
  return withdrawn ? { ...result, closure_cancelled: true } : result;
}

function needBind(openId: string): WechatPollResult {
  return { status: 'need_bind', need_bind: true, open_id: openId };
}
