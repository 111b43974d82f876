import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code, FramePath, WECHAT_QR_EXPIRED_MESSAGE, WechatPath } from '@dso/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, wechatLoginTickets } from '../../../db/schema';
import { SANDBOX_OPEN_ID } from '../../../providers/wechat/sandbox';
import { createUser, signedInjectOptions } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import {
  fastPolling,
  fetchQr,
  holdPollOutside,
  holdPolls,
  poll,
  pollResult,
  pressSandboxButton,
  sandboxSceneOf,
  scanPageUrl,
} from './wechat.testing';

/** Resolves once the server has ended `response`, failing after `withinMs`. */
async function answered(response: ServerResponse, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  while (!response.writableEnded) {
    if (Date.now() > deadline) throw new Error(`the response did not end in ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('WeChat QR login through the sandbox', () => {
  const t = useTestApp({ config: fastPolling });

  const ticketRow = async (ticket: string) => {
    const [row] = await t.database.db.select().from(wechatLoginTickets).where(eq(wechatLoginTickets.ticket, ticket));
    return row!;
  };
  const expireTicket = (ticket: string) =>
    t.database.db
      .update(wechatLoginTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(wechatLoginTickets.ticket, ticket));

  it('issues a QR that encodes the sandbox scan page and lives 60 seconds', async () => {
    const qr = await fetchQr(t);
    // No PUBLIC_URL: the scan page is on the host the request came to (inject's default, localhost).
    expect(qr.qr_code_url.startsWith(`http://localhost${WechatPath.sandboxScan}?ticket=`)).toBe(true);
    expect(qr.expire_seconds).toBe(60);
    const row = await ticketRow(qr.ticket);
    expect(row.status).toBe('waiting');
    expect(row.sceneId).toBe(sandboxSceneOf(qr));
    // The browser's poll ticket never travels in the QR.
    expect(qr.qr_code_url).not.toContain(qr.ticket);
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000).toBeCloseTo(60, 0);
  });

  it('logs a bound user in end to end: QR, scan page, confirm, poll, then the token works', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: 'o_end_to_end' });
    const qr = await fetchQr(t);

    const page = await t.app.inject({ method: 'GET', url: scanPageUrl(qr) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('DSO 微信登录（沙箱）');
    expect(page.body).toContain('确认登录');
    expect(page.body).toContain('取消');
    expect(page.body).toContain(`action="${WechatPath.sandboxConfirm}"`);
    expect(page.body).toContain(`value="${SANDBOX_OPEN_ID}"`);

    const held = poll(t, qr.ticket);
    const confirm = await pressSandboxButton(t.app, qr, 'confirm', 'o_end_to_end');
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('登录已确认');

    const body = (await held).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ status: 'done', user_id: user.id, need_bind: false });
    expect(body.data.user_info.token).toBe(body.data.token);

    const withToken = await t.request({ method: 'GET', url: FramePath.friendLinks, token: body.data.token });
    expect(withToken.json().code).toBe(Code.OK);
    const forged = await t.request({ method: 'GET', url: FramePath.friendLinks, token: `${body.data.token}x` });
    expect(forged.json().code).toBe(Code.TOKEN_INVALID);
  });

  it('serves the scan page without inline script under the content security policy', async () => {
    const qr = await fetchQr(t);
    const page = await t.app.inject({ method: 'GET', url: scanPageUrl(qr) });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|onclick=|javascript:/i);
  });

  it('reports the QR as scanned while the scan page is open', async () => {
    const qr = await fetchQr(t);
    await t.app.inject({ method: 'GET', url: scanPageUrl(qr) });
    const started = Date.now();
    const result = await pollResult(t, qr.ticket);
    expect(result).toEqual({ status: 'scanned', need_bind: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(fastPolling.wechatPollHoldMs! - 100);
  });

  it('answers waiting after the hold time when nobody scans', async () => {
    const qr = await fetchQr(t);
    const started = Date.now();
    expect(await pollResult(t, qr.ticket)).toEqual({ status: 'waiting', need_bind: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(fastPolling.wechatPollHoldMs! - 100);
  });

  it('answers 二维码已过期 once the QR is older than 60 seconds', async () => {
    const qr = await fetchQr(t);
    await expireTicket(qr.ticket);
    const response = await poll(t, qr.ticket);
    // An answer about the ticket, not a missing endpoint: no failed resource in the browser's console.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: Code.NOT_FOUND, msg: WECHAT_QR_EXPIRED_MESSAGE, data: null });
    expect(response.json().msg).toContain('二维码已过期');
  });

  it('ends a held poll with 二维码已过期 when the QR expires meanwhile', async () => {
    const qr = await fetchQr(t);
    const [held] = await holdPolls(t.database.db, qr.ticket, [() => poll(t, qr.ticket)]);
    await expireTicket(qr.ticket);
    expect((await held!).json().msg).toBe(WECHAT_QR_EXPIRED_MESSAGE);
  });

  it('refuses to confirm an expired QR on the scan page', async () => {
    const qr = await fetchQr(t);
    await expireTicket(qr.ticket);
    const page = await t.app.inject({ method: 'GET', url: scanPageUrl(qr) });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('二维码已过期');
    const confirm = await pressSandboxButton(t.app, qr, 'confirm');
    expect(confirm.statusCode).toBe(410);
    expect((await ticketRow(qr.ticket)).status).toBe('waiting');
  });

  it('treats an unknown ticket as an expired QR', async () => {
    const response = await poll(t, 'no-such-ticket');
    expect(response.json()).toMatchObject({ code: Code.NOT_FOUND, msg: WECHAT_QR_EXPIRED_MESSAGE });
  });

  it('rejects a poll without a ticket', async () => {
    const response = await t.request({ method: 'GET', url: WechatPath.poll });
    expect(response.json().code).toBe(Code.BAD_REQUEST);
  });

  it('asks a WeChat account without a DSO account to bind a phone', async () => {
    const qr = await fetchQr(t);
    await pressSandboxButton(t.app, qr, 'confirm', 'o_newcomer');
    const result = await pollResult(t, qr.ticket);
    expect(result).toEqual({ status: 'need_bind', need_bind: true, open_id: 'o_newcomer' });

    const row = await ticketRow(qr.ticket);
    expect(row).toMatchObject({ status: 'need_bind', openId: 'o_newcomer', userId: null });
    // Binding needs an SMS round trip, so the ticket outlives the QR.
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(await pollResult(t, qr.ticket)).toEqual(result);
  });

  it('logs in as the proposed sandbox openid when the field is left as it is', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: SANDBOX_OPEN_ID });
    const qr = await fetchQr(t);
    await pressSandboxButton(t.app, qr, 'confirm', SANDBOX_OPEN_ID);
    expect(await pollResult(t, qr.ticket)).toMatchObject({ status: 'done', user_id: user.id });
  });

  it('gives exactly one token to concurrent polls of one confirmed QR', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: 'o_racer' });
    const qr = await fetchQr(t);
    await pressSandboxButton(t.app, qr, 'confirm', 'o_racer');

    const bodies = (await Promise.all(Array.from({ length: 6 }, () => poll(t, qr.ticket)))).map((r) => r.json());
    const winners = bodies.filter((body) => body.code === Code.OK);
    expect(winners).toHaveLength(1);
    expect(winners[0].data.status).toBe('done');
    for (const loser of bodies.filter((body) => body.code !== Code.OK)) {
      expect(loser).toMatchObject({ code: Code.NOT_FOUND, msg: WECHAT_QR_EXPIRED_MESSAGE });
    }
    const opened = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(opened).toHaveLength(1);
    expect((await ticketRow(qr.ticket)).status).toBe('done');
  });

  it('answers 二维码已过期 to a poll of a QR that already logged someone in', async () => {
    await createUser(t.database.db, { wechatOpenId: 'o_twice' });
    const qr = await fetchQr(t);
    await pressSandboxButton(t.app, qr, 'confirm', 'o_twice');
    expect((await pollResult(t, qr.ticket)).status).toBe('done');
    expect((await poll(t, qr.ticket)).json().msg).toBe(WECHAT_QR_EXPIRED_MESSAGE);
  });

  it('keeps the QR usable after the scanner presses 取消', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: 'o_hesitant' });
    const qr = await fetchQr(t);
    await t.app.inject({ method: 'GET', url: scanPageUrl(qr) });
    const cancel = await pressSandboxButton(t.app, qr, 'cancel', 'o_hesitant');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toContain('已取消登录');
    expect((await ticketRow(qr.ticket)).status).toBe('waiting');

    await pressSandboxButton(t.app, qr, 'confirm', 'o_hesitant');
    expect(await pollResult(t, qr.ticket)).toMatchObject({ status: 'done', user_id: user.id });
  });

  it('lets only the first scan of a QR count', async () => {
    const first = await createUser(t.database.db, { wechatOpenId: 'o_first' });
    await createUser(t.database.db, { wechatOpenId: 'o_second' });
    const qr = await fetchQr(t);
    await pressSandboxButton(t.app, qr, 'confirm', 'o_first');
    const again = await pressSandboxButton(t.app, qr, 'confirm', 'o_second');
    expect(again.statusCode).toBe(410);
    expect(await pollResult(t, qr.ticket)).toMatchObject({ status: 'done', user_id: first.id });
  });

  it('leaves the login to the next poll when the polling client has gone away', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: 'o_reconnecting' });
    const qr = await fetchQr(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inject = signedInjectOptions({ method: 'GET', url: `${WechatPath.poll}?ticket=${qr.ticket}` });
    // The server's side of the abandoned poll: its request, seen leaving, and its response, seen ending.
    const served = new Promise<{ left: Promise<unknown>; response: ServerResponse }>((resolve) => {
      const onRequest = (request: IncomingMessage, response: ServerResponse) => {
        if (!request.url?.startsWith(WechatPath.poll)) return;
        t.app.server.off('request', onRequest);
        resolve({ left: new Promise((left) => request.once('close', left)), response });
      };
      t.app.server.on('request', onRequest);
    });
    const leaving = new AbortController();
    const [abandoned] = await holdPollOutside(t.database.db, qr.ticket, () =>
      fetch(`${address}${inject.url}`, {
        headers: inject.headers as Record<string, string>,
        signal: leaving.signal,
      }).catch(() => null),
    );
    leaving.abort();
    await abandoned;
    const { left, response } = await served;
    await left;

    await pressSandboxButton(t.app, qr, 'confirm', 'o_reconnecting');
    // The abandoned poll has answered (into the closed socket) without waiting for its hold time.
    await answered(response);
    // Had the abandoned poll still been held, it would have taken the login into a closed socket.
    expect((await ticketRow(qr.ticket)).status).toBe('confirmed');
    expect(await pollResult(t, qr.ticket)).toMatchObject({ status: 'done', user_id: user.id });
  });

  it('does not serve the WeChat callback address in sandbox mode', async () => {
    const response = await t.app.inject({ method: 'POST', url: WechatPath.callback, payload: '<xml></xml>' });
    expect(response.statusCode).toBe(404);
  });
});
