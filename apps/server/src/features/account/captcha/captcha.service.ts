import { createHash, randomBytes } from 'node:crypto';
import { CAPTCHA_SIZE, type CaptchaPuzzle, type CaptchaResult, type CaptchaVerifyBody, Code } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { RateLimitStore } from '../../../lib/rate-limit';
import type { CaptchaAnswer, CaptchaProvider, CaptchaVerdict } from '../../../providers/captcha';
import { accountLimits } from '../account.limits';
import { drawPuzzle } from './captcha.image';
import * as repository from './captcha.repository';
import { looksHuman } from './captcha.trail';

const limits = accountLimits.captcha;

/** Issues a new puzzle; the notch's x stays in the database, only the piece's y goes out. */
export async function createPuzzle(options: {
  db: Database;
  store: RateLimitStore;
  ip: string;
  now: Date;
}): Promise<CaptchaPuzzle> {
  const drawn = await options.store.increment(`captcha:ip:${options.ip}`, accountLimits.windows.HOUR);
  if (drawn.count > limits.perIpPerHour) throw new AppError(Code.LIMITED, '操作过于频繁，请稍后再试');
  const images = drawPuzzle();
  const { notch } = images;
  const id = randomBytes(16).toString('hex');
  await repository.insertPuzzle(options.db, {
    id,
    targetX: notch.x,
    pieceY: notch.y,
    expiresAt: new Date(options.now.getTime() + limits.puzzleTtlMs),
    ip: options.ip,
  });
  return {
    id,
    bg: pngDataUrl(images.background),
    piece: pngDataUrl(images.piece),
    y: notch.y,
    width: CAPTCHA_SIZE.width,
    height: CAPTCHA_SIZE.height,
    piece_size: CAPTCHA_SIZE.piece,
    expires_in: limits.puzzleTtlMs / 1000,
  };
}

/**
 * Checks a release against the notch and the drag against a hand's. A failure answers 300 with
 * `refresh` telling the client whether this puzzle has tries left.
 */
export async function verifyPuzzle(options: {
  db: Database;
  body: CaptchaVerifyBody;
  now: Date;
}): Promise<CaptchaResult> {
  const { db, body, now } = options;
  const attempt = await repository.countPuzzleAttempt(db, body.id, now, limits.maxAttempts);
  if (!attempt) throw captchaFailure('验证已失效，请刷新重试', true);
  const onTarget = Math.abs(body.x - attempt.targetX) <= limits.tolerancePx;
  if (!onTarget || !looksHuman(body.trail, body.x)) {
    throw captchaFailure('验证失败，请重试', attempt.attempts >= limits.maxAttempts);
  }
  const ticket = randomBytes(24).toString('base64url');
  if (!(await repository.markPuzzleSolved(db, body.id, ticket, now))) {
    throw captchaFailure('验证已失效，请刷新重试', true);
  }
  return { randstr: body.id, ticket };
}

/** What the captcha calls share: the provider chosen by configuration and the limits store. */
export interface CaptchaContext {
  captcha: CaptchaProvider;
  store: RateLimitStore;
}

interface PairInput {
  randstr: string;
  ticket: string;
  ip: string;
  now: Date;
}

/**
 * A pair checked by `slider_c` with a vendor whose check spends the ticket is remembered here for the
 * ticket's life, so the send that follows can still spend it once. The key is a hash: tickets are
 * long and are credentials.
 */
const checkedKey = (randstr: string, ticket: string) =>
  `captcha:checked:${createHash('sha256').update(`${randstr}\n${ticket}`).digest('base64url')}`;
const checkedSpentKey = (randstr: string, ticket: string) => `${checkedKey(randstr, ticket)}:spent`;

/** Whether a pair is good for a send, without spending it (`GET /api/slider_c`); 660 (or 300) if not. */
export async function checkTicket(ctx: CaptchaContext, pair: PairInput) {
  const { captcha, store } = ctx;
  if (captcha.checkSpendsTicket && (await store.read(checkedKey(pair.randstr, pair.ticket))).count > 0) {
    if ((await store.read(checkedSpentKey(pair.randstr, pair.ticket))).count === 0) return;
  }
  assertPassed(await captcha.check(answerOf(pair)));
  if (captcha.checkSpendsTicket) await store.increment(checkedKey(pair.randstr, pair.ticket), limits.ticketTtlMs);
}

/** Spends the pair a send came with, or answers 660 so the client shows the captcha again. */
export async function spendTicket(
  ctx: CaptchaContext,
  pair: { randstr: string | undefined; ticket: string | undefined; ip: string; now: Date },
) {
  const { randstr, ticket } = pair;
  if (!randstr || !ticket) throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  const { captcha, store } = ctx;
  if (captcha.checkSpendsTicket && (await store.read(checkedKey(randstr, ticket))).count > 0) {
    // Checked earlier by slider_c: the vendor has spent it already, so only the first send may use it.
    const spent = await store.increment(checkedSpentKey(randstr, ticket), limits.ticketTtlMs);
    if (spent.count === 1) return;
    throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  }
  assertPassed(await captcha.redeem(answerOf({ ...pair, randstr, ticket })));
}

function answerOf(pair: PairInput): CaptchaAnswer {
  return { randstr: pair.randstr, ticket: pair.ticket, userIp: pair.ip, now: pair.now };
}

/**
 * A refused answer sends the user back to the captcha (660) with what went wrong; a vendor that
 * cannot be asked is not the user's fault and no new captcha helps, so that is a toast (300).
 */
function assertPassed(verdict: CaptchaVerdict) {
  if (verdict.ok) return;
  switch (verdict.reason) {
    case 'unavailable':
      throw new AppError(Code.TOAST, '安全验证服务暂时不可用，请稍后再试');
    case 'expired':
      throw new AppError(Code.CAPTCHA_REQUIRED, '安全验证已过期，请重新验证');
    default:
      throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  }
}

function captchaFailure(message: string, refresh: boolean) {
  return new AppError(Code.TOAST, message, { refresh });
}

function pngDataUrl(png: Buffer) {
  return `data:image/png;base64,${png.toString('base64')}`;
}
