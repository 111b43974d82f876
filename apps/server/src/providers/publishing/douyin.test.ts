import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDouyinPublishing } from './douyin';
import { type FakeDouyinServer, startFakeDouyinOpenServer } from './fake-douyin-open-server';
import { PublishingError } from './index';

const credentials = { clientKey: 'awtest123', clientSecret: 'secret-for-the-fake-0001' };
const now = new Date('2026-11-24T10:00:00Z');
const video = { name: 'clip.mp4', mime: 'video/mp4', data: new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 1, 2]) };
const image = { name: 'a.png', mime: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) };

describe('Douyin Open Platform adapter', () => {
  let fake: FakeDouyinServer;
  beforeAll(async () => {
    fake = await startFakeDouyinOpenServer(credentials);
  });
  afterAll(async () => fake.close());

  const adapter = () => createDouyinPublishing({ ...credentials, baseUrl: fake.url, timeoutMs: 5_000 });

  it('builds the documented authorise address with the client key, scope, redirect and state', () => {
    const url = new URL(
      adapter().authorizeUrl({ state: 'st-1', redirectUri: 'https://dso.example/api/callback/douyin' }),
    );
    expect(url.pathname).toBe('/platform/oauth/connect/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'awtest123',
      response_type: 'code',
      scope: 'user_info,video.create,image.create',
      redirect_uri: 'https://dso.example/api/callback/douyin',
      state: 'st-1',
    });
  });

  it('exchanges a code for tokens with their lifetimes, and refuses the code a second time', async () => {
    const code = fake.issueCode({ openId: 'open-1', nickname: '小店日常' });
    const tokens = await adapter().exchangeCode(code, now);
    expect(tokens.openId).toBe('open-1');
    expect(tokens.accessExpiresAt.getTime() - now.getTime()).toBe(15 * 86_400_000);
    expect(tokens.refreshExpiresAt.getTime() - now.getTime()).toBe(30 * 86_400_000);
    const again = await adapter()
      .exchangeCode(code, now)
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(PublishingError);
    expect((again as PublishingError).platformCode).toBe(10007);
  });

  it('refuses wrong credentials with the platform’s message', async () => {
    const code = fake.issueCode({ openId: 'open-x', nickname: 'x' });
    const wrong = createDouyinPublishing({ ...credentials, clientSecret: 'not-the-secret', baseUrl: fake.url });
    await expect(wrong.exchangeCode(code, now)).rejects.toMatchObject({ reason: 'rejected', platformCode: 10003 });
  });

  it('reads the profile, publishes a video and an image post, and sends the files and captions', async () => {
    const tokens = await adapter().exchangeCode(fake.issueCode({ openId: 'open-2', nickname: '美食探店' }), now);
    const access = { openId: tokens.openId, accessToken: tokens.accessToken };
    expect(await adapter().fetchProfile(access)).toEqual({ nickname: '美食探店', avatar: '' });
    const videoItem = await adapter().publishVideo(access, video, '今天的探店视频 #美食');
    const imageItem = await adapter().publishImages(access, [image, image], '三张图看懂 #攻略');
    const published = fake.items.filter((item) => item.openId === 'open-2');
    expect(published).toEqual([
      {
        itemId: videoItem,
        openId: 'open-2',
        kind: 'video',
        text: '今天的探店视频 #美食',
        size: 10,
        fileName: 'clip.mp4',
      },
      { itemId: imageItem, openId: 'open-2', kind: 'image', text: '三张图看懂 #攻略', size: 7, fileName: 'a.png' },
    ]);
  });

  it('tells an expired access token apart, and refreshing it makes publishing work again', async () => {
    const tokens = await adapter().exchangeCode(fake.issueCode({ openId: 'open-3', nickname: 'a' }), now);
    fake.expireAccessToken('open-3');
    await expect(
      adapter().publishVideo({ openId: 'open-3', accessToken: tokens.accessToken }, video, 't'),
    ).rejects.toMatchObject({ reason: 'token_expired', platformCode: 2190008 });
    const fresh = await adapter().refreshAccessToken(tokens.refreshToken, now);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(await adapter().publishVideo({ openId: 'open-3', accessToken: fresh.accessToken }, video, 't')).toMatch(
      /^@/,
    );
    fake.expireRefreshToken('open-3');
    await expect(adapter().refreshAccessToken(tokens.refreshToken, now)).rejects.toMatchObject({
      reason: 'reauthorize',
      platformCode: 10010,
    });
  });

  it('renews a refresh token five times, then asks for a new authorisation, and the old one stops working', async () => {
    const tokens = await adapter().exchangeCode(fake.issueCode({ openId: 'open-5', nickname: 'c' }), now);
    let refreshToken = tokens.refreshToken;
    for (let i = 0; i < 5; i += 1) {
      const renewed = await adapter().renewRefreshToken(refreshToken, now);
      expect(renewed.refreshExpiresAt.getTime() - now.getTime()).toBe(30 * 86_400_000);
      await expect(adapter().refreshAccessToken(refreshToken, now)).rejects.toMatchObject({ platformCode: 10010 });
      refreshToken = renewed.refreshToken;
    }
    await expect(adapter().renewRefreshToken(refreshToken, now)).rejects.toMatchObject({
      reason: 'reauthorize',
      platformCode: 10020,
    });
  });

  it('reads signed webhooks: the address check, a cancelled authorisation, and refuses a forged one', () => {
    const check = fake.webhook({ event: 'verify_webhook', content: { challenge: 12345 } });
    expect(adapter().readWebhook(check.signature, check.body)).toEqual({ kind: 'challenge', challenge: 12345 });
    const cancelled = fake.webhook({
      event: 'unauthorize',
      from_user_id: 'open-9',
      content: { scopes: ['video.create'] },
    });
    expect(adapter().readWebhook(cancelled.signature, cancelled.body)).toEqual({
      kind: 'unauthorize',
      openId: 'open-9',
    });
    expect(adapter().readWebhook(cancelled.signature, cancelled.body.replace('open-9', 'open-8'))).toEqual({
      kind: 'forged',
    });
    expect(adapter().readWebhook(undefined, cancelled.body)).toEqual({ kind: 'forged' });
    const other = fake.webhook({ event: 'create_video', from_user_id: 'open-9', content: {} });
    expect(adapter().readWebhook(other.signature, other.body)).toEqual({ kind: 'ignored' });
  });

  it('passes the platform’s refusal of a post through with its code, and calls a 503 unavailable', async () => {
    const tokens = await adapter().exchangeCode(fake.issueCode({ openId: 'open-4', nickname: 'b' }), now);
    const access = { openId: 'open-4', accessToken: tokens.accessToken };
    fake.failNextCreate(2190015, '视频内容违规，请修改后重试');
    const refused = (await adapter()
      .publishVideo(access, video, 't')
      .catch((error: unknown) => error)) as PublishingError;
    expect(refused.reason).toBe('rejected');
    expect(refused.display).toBe('视频内容违规，请修改后重试（错误码 2190015）');
    fake.failNextWithStatus(503);
    await expect(adapter().publishVideo(access, video, 't')).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
