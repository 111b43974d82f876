import { createUser, signDccToken } from '@dso/server/testing';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { whenSettled } from './browser';
import { type RunningServer, startJourneyServer } from './server';

export { openGlobalDialog } from './dialogs';

/** The raw query both database drivers offer (PGlite and node-postgres), for reading test fixtures. */
type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** What a journey that sends SMS codes reads from the test database: the sandbox outbox and the captcha answers. */
export interface CodeReads {
  /** The latest sandbox SMS code sent to a phone (`sms_outbox`). */
  latestSmsCode(phone: string): Promise<string>;
  /** Where the notch of the newest unsolved captcha puzzle is (`captchas.target_x`). */
  latestCaptchaTarget(): Promise<number>;
}

/** The raw query of a test database, and the code reads made with it. */
export function codeReads(database: { db: unknown }): CodeReads & { query: RawQuery } {
  const client = (database.db as { $client: { query: RawQuery } }).$client;
  const query: RawQuery = client.query.bind(client);
  return {
    query,
    async latestSmsCode(phone) {
      const { rows } = await query('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
      const code = /验证码为(\d+)/.exec(String(rows[0]?.content ?? ''))?.[1];
      if (!code) throw new Error(`no SMS code was sent to ${phone}`);
      return code;
    },
    async latestCaptchaTarget() {
      const { rows } = await query(
        'SELECT target_x FROM captchas WHERE solved_at IS NULL ORDER BY created_at DESC LIMIT 1',
      );
      const target = rows[0]?.target_x;
      if (typeof target !== 'number') throw new Error('no open captcha puzzle');
      return target;
    },
  };
}

export interface AccountsServer extends RunningServer, CodeReads {
  /** Inserts an account directly (no SMS, no captcha), e.g. a paying parent account. */
  createUser(input: {
    phone: string;
    grade?: string;
  }): Promise<{ id: number; phone: string; gradeEndsAt: Date | null }>;
  /** A pending child-account invite from a parent to a phone, as `add_info` leaves it; returns its id. */
  inviteChild(parentUserId: number, childPhone: string): Promise<number>;
  /** The status of a child-account link: pending, active, refused, unbound or cancelled. */
  linkStatus(linkId: number): Promise<string>;
  /** A sister-product hand-over token for a phone, signed with this server's shared secret. */
  dccToken(phone: string): string;
}

/**
 * A journey server with what the account journeys need on top: `PUBLIC_URL` set to the server's own
 * address, so the sandbox WeChat QR leads to this server's scan page, and reads of the sandbox SMS
 * outbox and the captcha answers from the test database. The site is served as `localhost`, where
 * code login is offered (001 §2).
 */
export async function startAccountsServer(): Promise<AccountsServer> {
  const server = await startJourneyServer({ selfLinked: true });
  const { query, ...reads } = codeReads({ db: server.db });
  return {
    url: server.url,
    ...reads,
    async createUser(input) {
      const user = await createUser(server.db, input);
      return { id: user.id, phone: user.phone, gradeEndsAt: user.gradeEndsAt };
    },
    async inviteChild(parentUserId, childPhone) {
      const { rows } = await query(
        `INSERT INTO sub_account_links (parent_user_id, child_phone, status) VALUES ($1, $2, 'pending') RETURNING id`,
        [parentUserId, childPhone],
      );
      return Number(rows[0]?.id);
    },
    async linkStatus(linkId) {
      const { rows } = await query('SELECT status FROM sub_account_links WHERE id = $1', [linkId]);
      return String(rows[0]?.status);
    },
    dccToken(phone) {
      return signDccToken(server.config.dccSharedSecret, { phone, exp: Math.floor(Date.now() / 1000) + 120 });
    },
    close: server.close,
  };
}

/**
 * Drags the captcha handle the way a hand does: quick at first, slowing down near the notch, with
 * uneven steps over about half a second, and releases it on the target. A drag the server turns
 * down brings a new puzzle, which is tried again.
 */
export async function solveCaptcha(page: Page, server: Pick<CodeReads, 'latestCaptchaTarget'>) {
  const captcha = page.getByTestId('slider-captcha');
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('captcha-piece').waitFor();
    await dragOnce(page, await server.latestCaptchaTarget());
    const outcome = await Promise.race([
      captcha
        .getByText('验证成功')
        .waitFor({ timeout: 10_000 })
        .then(() => 'solved' as const),
      page
        .waitForFunction(() => document.querySelector('.dso-captcha--failed'), null, { timeout: 10_000 })
        .then(() => 'failed' as const),
    ]).catch(() => 'missed' as const);
    if (outcome === 'solved') return;
    if (attempt === 3) throw new Error(`the captcha was not solved in three drags (last: ${outcome})`);
    if (outcome === 'failed') await page.waitForFunction(() => !document.querySelector('.dso-captcha--failed'));
  }
}

/** A toast of the page by its text (the newest when several show). */
export const toastOf = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();

/**
 * Clicks the code button in `scope`, solves the captcha and returns the code the sandbox sent to
 * `phone`, after checking the button counts down. `shot` names a screenshot of the captcha.
 */
export async function requestSmsCode(
  page: Page,
  scope: Locator,
  server: CodeReads,
  phone: string,
  shot?: (page: Page) => Promise<void>,
) {
  // A dialog zooms in as it opens (and the bind-phone one as the login dialog leaves): click once it stands still.
  await whenSettled(scope.getByTestId('sms-code-button'));
  await scope.getByTestId('sms-code-button').click();
  await page.locator('.dso-captcha-dialog').getByText('安全验证').waitFor();
  await page.getByTestId('captcha-piece').waitFor();
  await shot?.(page);
  await solveCaptcha(page, server);
  await toastOf(page, '发送成功').waitFor();
  await expect.poll(() => scope.getByTestId('sms-code-button').textContent()).toMatch(/^获取验证码\(\d+s\)$/);
  expect(await scope.getByTestId('sms-code-button').isDisabled()).toBe(true);
  return server.latestSmsCode(phone);
}

/** Drags the handle `target` pixels to the right along an uneven, slowing path of about half a second. */
async function dragOnce(page: Page, target: number) {
  // The dialog zooms in when it opens: grab the handle once it stands still.
  const handle = page.getByTestId('captcha-handle');
  await whenSettled(handle);
  const box = await handle.boundingBox();
  if (!box) throw new Error('captcha handle not visible');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  // The trail the server judges is timed with the page's performance.now(), so each step is made once the
  // page's clock reaches its moment: a handful of uneven steps that last and vary like a hand's.
  const steps = 7;
  let at = await page.evaluate(() => performance.now());
  for (let i = 1; i <= steps; i++) {
    const progress = 1 - (1 - i / steps) ** 2;
    await page.mouse.move(startX + target * progress, y + (i % 3) - 1);
    at += 50 + (i % 3) * 20;
    await page.waitForFunction((moment) => performance.now() >= moment, at, { polling: 'raf' });
  }
  await page.mouse.move(startX + target, y);
  await page.mouse.up();
}
