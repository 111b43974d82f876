import { randomBytes } from 'node:crypto';
import { CAPTCHA_SIZE, type CaptchaPuzzle, type CaptchaResult, type CaptchaVerifyBody, Code } from '@dso/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimitStore } from '../../lib/rate-limit';
import { authLimits } from './auth.limits';
import { drawPuzzle, randomNotchPosition } from './captcha.image';
import * as repository from './captcha.repository';
import { looksHuman } from './captcha.trail';

const limits = authLimits.captcha;

/** Issues a new puzzle; the notch's x stays in the database, only the piece's y goes out. */
export async function createPuzzle(options: {
  db: Database;
  store: RateLimitStore;
  ip: string;
  now: Date;
}): Promise<CaptchaPuzzle> {
  const drawn = await options.store.increment(`captcha:ip:${options.ip}`, authLimits.windows.HOUR);
  if (drawn.count > limits.perIpPerHour) throw new AppError(Code.LIMITED, '操作过于频繁，请稍后再试');
  const notch = randomNotchPosition();
  const images = drawPuzzle(notch);
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

/** Whether a pair is good for a send, without spending it (`GET /api/slider_c`). */
export async function isTicketUsable(options: { db: Database; randstr: string; ticket: string; now: Date }) {
  return Boolean(
    await repository.findUsableTicket(options.db, options.randstr, options.ticket, ticketSolvedAfter(options.now)),
  );
}

/** Spends the pair a send came with, or answers 660 so the client shows the captcha again. */
export async function spendTicket(options: {
  db: Database;
  randstr: string | undefined;
  ticket: string | undefined;
  now: Date;
}) {
  const { db, randstr, ticket, now } = options;
  if (!randstr || !ticket) throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  if (!(await repository.spendTicket(db, randstr, ticket, ticketSolvedAfter(now), now))) {
    throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  }
}

function ticketSolvedAfter(now: Date) {
  return new Date(now.getTime() - limits.ticketTtlMs);
}

function captchaFailure(message: string, refresh: boolean) {
  return new AppError(Code.TOAST, message, { refresh });
}

function pngDataUrl(png: Buffer) {
  return `data:image/png;base64,${png.toString('base64')}`;
}
