import { AccountPath, type CaptchaResult, type SmsSendType, smsSendApi } from '@dso/contract';
import { desc, eq } from 'drizzle-orm';
import { onTestFinished, vi } from 'vitest';
import { captchas, smsCodes, smsOutbox, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestAppOptions } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

/** Test helpers of the account feature: addresses, captcha solving, codes, password encryption. */

/**
 * A test app whose signature check reads the clock at each call (the default captures `Date.now`
 * once), so a test that moves the clock with {@link useMovableClock} still signs within the window.
 */
export function createAccountTestApp(options: TestAppOptions = {}) {
  return createTestApp({ now: () => Date.now(), ...options });
}

/**
 * {@link createAccountTestApp} for the enclosing suite: started before its tests, closed after them. Its
 * `postFromNewIp` sends each POST from an address of its own, so per-address limits never add up across calls.
 */
export function useAccountTestApp(
  options: TestAppOptions | (() => TestAppOptions) = {},
  prepare?: (t: TestApp) => Promise<unknown>,
) {
  const t = useTestApp(
    () => ({ now: () => Date.now(), ...(typeof options === 'function' ? options() : options) }),
    prepare,
  );
  return Object.assign(t, {
    /** A POST of `body` to `url` from a fresh address, with the session `token` if given; answers the response. */
    postFromNewIp: (url: string, body: unknown, token?: string) =>
      t.request({ method: 'POST', url, body, headers: fromIp(nextIp()), ...(token ? { token } : {}) }),
  });
}

let addressCounter = 0;

/** A fresh client address per call, so per-address limits of one test never touch another's. */
export function nextIp(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

/** Headers that make the request come from `ip` (the app trusts X-Forwarded-For). */
export function fromIp(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip };
}

/** A plausible hand drag to `target`: eased, slightly uneven, about 600 ms. */
export function humanTrail(target: number): Array<{ x: number; t: number }> {
  const points = 20;
  return Array.from({ length: points }, (_, index) => {
    const share = index / (points - 1);
    const eased = 1 - (1 - share) ** 3;
    const wobble = index === points - 1 ? 0 : (index % 3) * 0.4;
    return { x: Math.round((target * eased + wobble) * 10) / 10, t: 1000 + index * 31 + (index % 2) * 4 };
  });
}

/** Reads the answer of a puzzle the way only a test can: from the server's table. */
export async function puzzleTarget(t: TestApp, id: string): Promise<number> {
  const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, id));
  if (!row) throw new Error(`no puzzle ${id}`);
  return row.targetX;
}

export async function newPuzzle(t: TestApp, ip: string) {
  const response = await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(ip) });
  const body = response.json();
  if (body.code !== 200) throw new Error(`captcha/new answered ${JSON.stringify(body)}`);
  return body.data as { id: string; y: number; bg: string; piece: string };
}

/** Solves a fresh puzzle from `ip` and returns its `{ randstr, ticket }`. */
export async function solveCaptcha(t: TestApp, ip: string): Promise<CaptchaResult> {
  const puzzle = await newPuzzle(t, ip);
  const x = await puzzleTarget(t, puzzle.id);
  const response = await t.request({
    method: 'POST',
    url: AccountPath.captchaVerify,
    body: { id: puzzle.id, x, trail: humanTrail(x) },
    headers: fromIp(ip),
  });
  const body = response.json();
  if (body.code !== 200) throw new Error(`captcha/verify answered ${JSON.stringify(body)}`);
  return body.data;
}

export interface SendOptions {
  phone: string;
  ip: string;
  type?: SmsSendType;
  /** Defaults to the path serving `type` (contract `smsSendApi`). */
  url?: string;
  token?: string;
  /** A captcha to use instead of solving a fresh one; null sends none. */
  captcha?: CaptchaResult | null;
}

function pathOf(type: SmsSendType | undefined): string {
  const api = Object.values(smsSendApi).find((entry) => entry.type === (type ?? 'RawPhone'));
  return api?.path ?? AccountPath.sendUpdatePhone;
}

/** Asks for a code the way the client does: captcha first, then the send. */
export async function requestCode(t: TestApp, options: SendOptions) {
  const captcha = options.captcha === undefined ? await solveCaptcha(t, options.ip) : options.captcha;
  return t.request({
    method: 'POST',
    url: options.url ?? pathOf(options.type),
    body: { phone: options.phone, ...(options.type ? { type: options.type } : {}), ...(captcha ?? {}) },
    headers: fromIp(options.ip),
    ...(options.token ? { token: options.token } : {}),
  });
}

/** The code of the last SMS the sandbox wrote for a phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = row?.content.match(/验证码为(\d{6})/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** The code row stored last for a phone (its hash, attempts and expiry). */
export async function latestSmsCodeRow(t: TestApp, phone: string) {
  const [row] = await t.database.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  return row;
}

/** The account holding a phone, if any. */
export async function accountByPhone(t: TestApp, phone: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.phone, phone));
  return row;
}

/** Sends a code and reads it back from the outbox. */
export async function sendAndReadCode(t: TestApp, options: SendOptions): Promise<string> {
  const response = await requestCode(t, options);
  const body = response.json();
  if (body.code !== 200) throw new Error(`send answered ${JSON.stringify(body)}`);
  return lastCode(t, options.phone);
}

/** Encrypts a password as the browser does: Web Crypto RSA-OAEP with the server's SPKI key. */
export async function encryptPassword(t: TestApp, password: string): Promise<string> {
  const response = await t.request({ method: 'GET', url: AccountPath.publicKey });
  const spki = Buffer.from(response.json().data.public_key, 'base64');
  const key = await crypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return Buffer.from(cipher).toString('base64');
}

export type MovableClock = ReturnType<typeof useMovableClock>;

/**
 * Moves the clock the app reads (Date only; timers and the database's own clock keep running). Call
 * it inside a test: the real clock comes back when the test finishes, passed or failed.
 */
export function useMovableClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return {
    advance(ms: number) {
      vi.setSystemTime(new Date(Date.now() + ms));
    },
  };
}
