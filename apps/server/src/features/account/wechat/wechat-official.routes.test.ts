import { Code, WechatPath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatLoginTickets } from '../../../db/schema';
import {
  eventXml,
  type FakeWechat,
  signedCallbackQuery,
  startFakeWechat,
  textMessageXml,
} from '../../../providers/wechat/fake-wechat-server';
import { createOfficialWechat } from '../../../providers/wechat/official';
import { createTestApp, createUser, type TestApp } from '../../../testing';
import { fastPolling, fetchQr, poll, pollResult } from './wechat.testing';

const credentials = { appId: 'wx_dso_routes', appSecret: 'routes-secret', token: 'routes-callback-token' };

describe('WeChat QR login through an Official Account (fake WeChat server)', () => {
  let fake: FakeWechat;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeWechat(credentials);
    t = await createTestApp({
      config: fastPolling,
      providers: { wechat: createOfficialWechat({ ...credentials, apiBase: fake.url }) },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const sceneOf = async (ticket: string) => {
    const [row] = await t.database.db.select().from(wechatLoginTickets).where(eq(wechatLoginTickets.ticket, ticket));
    return row!;
  };
  const pushEvent = (body: string, token = credentials.token, contentType = 'text/xml') =>
    t.app.inject({
      method: 'POST',
      url: `${WechatPath.callback}?${signedCallbackQuery(token)}`,
      headers: { 'content-type': contentType },
      payload: body,
    });

  it("hands out WeChat's QR URL and sends WeChat our scene, never our poll ticket", async () => {
    const qr = await fetchQr(t);
    expect(qr.qr_code_url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    const row = await sceneOf(qr.ticket);
    const sent = fake.qrRequests.at(-1)?.body as { action_info: { scene: { scene_str: string } } };
    expect(sent.action_info.scene.scene_str).toBe(row.sceneId);
    expect(row.sceneId).not.toBe(qr.ticket);
  });

  it('echoes the address check WeChat signs with our token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${WechatPath.callback}?${signedCallbackQuery(credentials.token, { echostr: '5837397520' })}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('5837397520');
  });

  it('refuses an address check with a forged signature', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${WechatPath.callback}?${signedCallbackQuery('guessed-token', { echostr: '5837397520' })}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('5837397520');
  });

  it('logs a follower in after a signed SCAN event', async () => {
    const user = await createUser(t.database.db, { wechatOpenId: 'o_official_follower' });
    const qr = await fetchQr(t);
    const held = poll(t, qr.ticket);
    const { sceneId } = await sceneOf(qr.ticket);

    const push = await pushEvent(eventXml({ openId: 'o_official_follower', event: 'SCAN', eventKey: sceneId }));
    expect(push.statusCode).toBe(200);
    expect(push.body).toBe('success');

    const body = (await held).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ status: 'done', user_id: user.id, need_bind: false });
  });

  it('asks a new follower from a subscribe event to bind a phone', async () => {
    const qr = await fetchQr(t);
    const { sceneId } = await sceneOf(qr.ticket);
    const push = await pushEvent(
      eventXml({ openId: 'o_official_newcomer', event: 'subscribe', eventKey: `qrscene_${sceneId}` }),
      credentials.token,
      'application/xml; charset=utf-8',
    );
    expect(push.body).toBe('success');
    expect(await pollResult(t, qr.ticket)).toEqual({
      status: 'need_bind',
      need_bind: true,
      open_id: 'o_official_newcomer',
    });
  });

  it('takes a retried event once', async () => {
    await createUser(t.database.db, { wechatOpenId: 'o_official_retry' });
    const qr = await fetchQr(t);
    const { sceneId } = await sceneOf(qr.ticket);
    const event = eventXml({ openId: 'o_official_retry', event: 'SCAN', eventKey: sceneId });
    expect((await pushEvent(event)).body).toBe('success');
    expect((await pollResult(t, qr.ticket)).status).toBe('done');
    // WeChat resends an event it thinks was lost; the QR is used up and stays so.
    expect((await pushEvent(event)).body).toBe('success');
    expect((await sceneOf(qr.ticket)).status).toBe('done');
  });

  it('rejects a forged event and leaves the QR waiting', async () => {
    await createUser(t.database.db, { wechatOpenId: 'o_official_victim' });
    const qr = await fetchQr(t);
    const { sceneId } = await sceneOf(qr.ticket);
    const push = await pushEvent(eventXml({ openId: 'o_official_victim', event: 'SCAN', eventKey: sceneId }), 'guess');
    expect(push.statusCode).toBe(403);
    expect((await sceneOf(qr.ticket)).status).toBe('waiting');
  });

  it('acknowledges chat messages without touching any QR', async () => {
    const qr = await fetchQr(t);
    const push = await pushEvent(textMessageXml('o_official_chatty'));
    expect(push.body).toBe('success');
    expect((await sceneOf(qr.ticket)).status).toBe('waiting');
  });

  it('does not serve the sandbox scan pages with the official provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${WechatPath.sandboxScan}?ticket=x` });
    expect(response.statusCode).toBe(404);
    const confirm = await t.app.inject({
      method: 'POST',
      url: WechatPath.sandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ticket=x&openid=o_any&action=confirm',
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('answers a toast when WeChat refuses to create a QR', async () => {
    fake.quotaExhausted = true;
    try {
      const body = (await t.request({ method: 'GET', url: WechatPath.qr })).json();
      expect(body).toEqual({ code: Code.TOAST, msg: '微信二维码获取失败，请稍后再试', data: null });
    } finally {
      fake.quotaExhausted = false;
    }
  });
});
