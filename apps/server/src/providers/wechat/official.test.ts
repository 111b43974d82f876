import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventXml, type FakeWechat, signedCallbackQuery, startFakeWechat, textMessageXml } from './fake-wechat-server';
import { createOfficialWechat, type OfficialWechatOptions } from './official';
import { WechatApiError } from './wechat-api';

const credentials = { appId: 'wx_dso_test', appSecret: 'secret-of-the-test-account', token: 'callback-token' };
const query = (text: string) => Object.fromEntries(new URLSearchParams(text));

describe('the official WeChat adapter against a fake WeChat server', () => {
  let fake: FakeWechat;
  let clock: number;
  const provider = (overrides: Partial<OfficialWechatOptions> = {}) =>
    createOfficialWechat({ ...credentials, apiBase: fake.url, now: () => clock, ...overrides });

  beforeAll(async () => {
    fake = await startFakeWechat(credentials);
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    clock = Date.now();
    fake.tokenFetches = 0;
    fake.qrRequests.length = 0;
  });

  it('creates a 60-second QR_STR_SCENE QR and returns the URL it encodes', async () => {
    const qr = await provider().createLoginQr('scene-abc');
    expect(qr.qrCodeUrl).toMatch(/^http:\/\/weixin\.qq\.com\/q\/02[0-9a-f]+$/);
    expect(qr.expireSeconds).toBe(60);
    expect(fake.qrRequests[0]?.body).toEqual({
      expire_seconds: 60,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'scene-abc' } },
    });
  });

  it('fetches the access_token once and reuses it until it nears expiry', async () => {
    const wechat = provider();
    await wechat.createLoginQr('one');
    await wechat.createLoginQr('two');
    expect(fake.tokenFetches).toBe(1);
    expect(fake.qrRequests[0]?.accessToken).toBe(fake.qrRequests[1]?.accessToken);

    clock += 6800 * 1000;
    await wechat.createLoginQr('three');
    expect(fake.tokenFetches).toBe(1);
    // Within five minutes of WeChat's 7200 s the token is replaced rather than risked.
    clock += 200 * 1000;
    await wechat.createLoginQr('four');
    expect(fake.tokenFetches).toBe(2);
  });

  it('shares one token fetch among concurrent callers', async () => {
    const wechat = provider();
    await Promise.all(['a', 'b', 'c', 'd'].map((scene) => wechat.createLoginQr(scene)));
    expect(fake.tokenFetches).toBe(1);
    expect(new Set(fake.qrRequests.map((request) => request.accessToken)).size).toBe(1);
  });

  it('refreshes a token WeChat has retired and retries the call once', async () => {
    const wechat = provider();
    await wechat.createLoginQr('before');
    fake.retireTokens();
    const qr = await wechat.createLoginQr('after');
    expect(qr.qrCodeUrl).toContain('weixin.qq.com/q/');
    expect(fake.tokenFetches).toBe(2);
  });

  it("throws WeChat's error for wrong credentials", async () => {
    const failure = await provider({ appSecret: 'wrong' })
      .createLoginQr('x')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WechatApiError);
    expect((failure as WechatApiError).errcode).toBe(40125);
  });

  it('echoes a signed address check and refuses a forged one', () => {
    const wechat = provider();
    expect(wechat.answerAddressCheck(query(signedCallbackQuery(credentials.token, { echostr: 'echo-123' })))).toBe(
      'echo-123',
    );
    expect(wechat.answerAddressCheck(query(signedCallbackQuery('another-token', { echostr: 'echo-123' })))).toBeNull();
    expect(wechat.answerAddressCheck({ echostr: 'echo-123' })).toBeNull();
  });

  it('reads a SCAN event of a follower as a scan of its scene', () => {
    const event = provider().readEvent({
      query: query(signedCallbackQuery(credentials.token)),
      body: eventXml({ openId: 'o_follower', event: 'SCAN', eventKey: 'scene-1' }),
    });
    expect(event).toEqual({ kind: 'scan', sceneId: 'scene-1', openId: 'o_follower' });
  });

  it('reads a subscribe event with a qrscene_ key as a scan of its scene', () => {
    const event = provider().readEvent({
      query: query(signedCallbackQuery(credentials.token)),
      body: eventXml({ openId: 'o_new_follower', event: 'subscribe', eventKey: 'qrscene_scene-2' }),
    });
    expect(event).toEqual({ kind: 'scan', sceneId: 'scene-2', openId: 'o_new_follower' });
  });

  it('ignores a plain follow, an unfollow and chat messages', () => {
    const wechat = provider();
    const signed = () => query(signedCallbackQuery(credentials.token));
    const bodies = [
      eventXml({ openId: 'o_x', event: 'subscribe', eventKey: '' }),
      eventXml({ openId: 'o_x', event: 'unsubscribe' }),
      textMessageXml('o_x'),
      'not xml at all <',
    ];
    for (const body of bodies) expect(wechat.readEvent({ query: signed(), body })).toEqual({ kind: 'ignored' });
  });

  it('flags an event signed with another token as forged', () => {
    const event = provider().readEvent({
      query: query(signedCallbackQuery('attacker-guess')),
      body: eventXml({ openId: 'o_victim', event: 'SCAN', eventKey: 'scene-3' }),
    });
    expect(event).toEqual({ kind: 'forged' });
  });
});
