import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code, PUBLISHING_ALIAS, PublishingPath, publishingMessages } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageTextWorks, publishingAccounts } from '../../db/schema';
import { createDouyinPublishing } from '../../providers/publishing/douyin';
import { type FakeDouyinServer, startFakeDouyinOpenServer } from '../../providers/publishing/fake-douyin-open-server';
import { createTestApp, drainJobs, multipartForm, quotaUsed, type TestApp } from '../../testing';
import { expectLoginRequired } from '../../testing/login-required';
import { routeCalls } from '../../testing/route-suite';
import { ensurePermissionConfig, getPermissionUse } from '../permissions';
import { keepTokensAlive, resealStoredTokens } from './accounts.service';
import { orderMediaForPost } from './posts.service';
import { type AccountRow, findAccount } from './publishing.repository';
import { tokenCipher, useTokenKeys } from './token-sealing';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3, 4]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(64, 7)]);

/** The calls of this feature for one app, whatever its provider. */
function client(t: TestApp) {
  const { post, get, account } = routeCalls(t);
  const upload = async (token: string, name: string, content: Buffer) => {
    const form = multipartForm({ name, content });
    return (await t.request({ method: 'POST', url: PublishingPath.media, ...form, token })).json();
  };
  const runJobs = () => drainJobs(t);
  /** Follows the browser's way back from the platform: the callback's redirect target. */
  const callback = async (query: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${PublishingPath.douyinCallback}?${new URLSearchParams(query).toString()}`,
    });
    expect(response.statusCode).toBe(302);
    return String(response.headers.location);
  };
  /** Runs the queued jobs (the deliveries among them) and answers the user's newest post as they left it. */
  const newestPostAfterJobs = async (token: string) => {
    await runJobs();
    return (await get(PublishingPath.posts, token)).data.list[0];
  };
  return { post, get, account, upload, runJobs, newestPostAfterJobs, callback };
}

describe('publishing calls (sandbox)', () => {
  let t: TestApp;
  let dataDir: string;
  const db = () => t.database.db;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dso-publishing-'));
    t = await createTestApp({ config: { dataDir } });
    await ensurePermissionConfig(db());
    api = client(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const account = (grade = 'FREE') => api.account({ grade });

  /** Authorises a sandbox Douyin account the way a browser does: start, the page, its form, the callback. */
  const authorize = async (token: string, nickname: string, action = 'confirm') => {
    const started = await api.post(PublishingPath.authorize, token, { return_to: '/oneSendAuthorization' });
    expect(started.code).toBe(Code.OK);
    const page = await t.app.inject({ method: 'GET', url: started.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('同意授权');
    const address = new URL(started.data.url, 'http://local');
    const form = new URLSearchParams({
      state: address.searchParams.get('state') ?? '',
      redirect_uri: address.searchParams.get('redirect_uri') ?? '',
      nickname,
      action,
    });
    const answered = await t.app.inject({
      method: 'POST',
      url: PublishingPath.sandboxAuthorize,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(answered.statusCode).toBe(302);
    const back = new URL(String(answered.headers.location));
    expect(back.pathname).toBe(PublishingPath.douyinCallback);
    return api.callback(Object.fromEntries(back.searchParams));
  };

  it('asks for a login on every call but the platform’s return', async () => {
    const publish = { kind: 'video', text: 't', media_ids: [1], account_ids: [1] };
    await expectLoginRequired(t, [
      ['POST', PublishingPath.authorize, {}],
      ['POST', PublishingPath.refresh, { id: 1 }],
      ['POST', PublishingPath.revoke, { id: 1 }],
      ['POST', PublishingPath.publish, publish],
      ['POST', PublishingPath.retry, { id: 1 }],
      ['GET', PublishingPath.accounts],
      ['GET', PublishingPath.posts],
    ]);
    const form = multipartForm({ name: 'a.png', content: PNG });
    const upload = await t.request({ method: 'POST', url: PublishingPath.media, ...form });
    expect(upload.json().code).toBe(Code.TOKEN_INVALID);
  });

  it('authorises a sandbox account through the local page, within AUTH_TIKTOK_COUNT, and again for free', async () => {
    const user = await account('VIP');
    expect(await authorize(user.token, '美食探店')).toBe('/oneSendAuthorization?auth=ok');
    const listed = await api.get(PublishingPath.accounts, user.token);
    expect(listed.data.list).toMatchObject([{ nickname: '美食探店', status: 'active', platform: 'douyin' }]);
    expect(listed.data.quota).toEqual({ per_val: 3, use_val: 1 });
    // The same account once more: its tokens are renewed, no second seat.
    expect(await authorize(user.token, '美食探店')).toBe('/oneSendAuthorization?auth=ok');
    expect((await api.get(PublishingPath.accounts, user.token)).data.list).toHaveLength(1);
    expect(await getPermissionUse(db(), user.id, PUBLISHING_ALIAS)).toEqual({ per_val: 3, use_val: 1 });
  });

  it('refuses a start with every seat taken (810), and an account another user holds', async () => {
    const free = await account();
    expect(await authorize(free.token, '一号店')).toContain('auth=ok');
    const refused = await api.post(PublishingPath.authorize, free.token, {});
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    const other = await account('VIP');
    const back = await authorize(other.token, '一号店');
    expect(decodeURIComponent(back)).toContain(publishingMessages.accountTakenByOther);
    expect((await api.get(PublishingPath.accounts, other.token)).data.list).toEqual([]);
    expect(await quotaUsed(db(), other.id, PUBLISHING_ALIAS)).toBe(0);
  });

  it('takes a state once, and tells a refusal on the platform’s page', async () => {
    const user = await account('VIP');
    const started = await api.post(PublishingPath.authorize, user.token, {});
    const state = new URL(started.data.url, 'http://local').searchParams.get('state') ?? '';
    expect(await api.callback({ state, error: 'access_denied' })).toBe(
      `/setting?type=second&auth_error=${encodeURIComponent(publishingMessages.authorizeCancelled)}`,
    );
    expect(await api.callback({ state, code: 'sbx.5LiA' })).toBe(
      `/setting?type=second&auth_error=${encodeURIComponent(publishingMessages.authorizeExpired)}`,
    );
    expect((await api.post(PublishingPath.authorize, user.token, { return_to: 'https://evil.example/' })).code).toBe(
      Code.BAD_REQUEST,
    );
  });

  it('refuses a sandbox page that would send its code anywhere but this server’s callback', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `${PublishingPath.sandboxAuthorize}?state=s&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
    });
    expect(page.statusCode).toBe(400);
  });

  it('revokes an account: the seat comes back and another user may authorise it', async () => {
    const user = await account('VIP');
    await authorize(user.token, '撤销测试号');
    const [listed] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const other = await account('VIP');
    expect((await api.post(PublishingPath.revoke, other.token, { id: listed.id })).code).toBe(Code.NOT_FOUND);
    expect((await api.post(PublishingPath.revoke, user.token, { id: listed.id })).code).toBe(Code.OK);
    expect((await api.get(PublishingPath.accounts, user.token)).data.list).toEqual([]);
    expect(await quotaUsed(db(), user.id, PUBLISHING_ALIAS)).toBe(0);
    expect(await authorize(other.token, '撤销测试号')).toContain('auth=ok');
    expect((await api.post(PublishingPath.revoke, user.token, { id: listed.id })).code).toBe(Code.NOT_FOUND);
  });

  it('takes videos and images through the upload guard and refuses anything else', async () => {
    const user = await account();
    expect((await api.upload(user.token, 'shop.png', PNG)).data).toMatchObject({
      kind: 'image',
      name: 'shop.png',
      size: PNG.length,
    });
    expect((await api.upload(user.token, '../../clip.mp4', MP4)).data).toMatchObject({
      kind: 'video',
      name: 'clip.mp4',
    });
    const text = await api.upload(user.token, 'notes.mp4', Buffer.from('just some text, not a video at all'));
    expect(text).toMatchObject({ code: Code.TOAST, msg: publishingMessages.mediaType });
    const zip = await api.upload(user.token, 'a.png', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40)]));
    expect(zip.code).toBe(Code.TOAST);
  });

  it('checks a post: its media must fit its kind and its accounts must be the user’s', async () => {
    const user = await account('VIP');
    await authorize(user.token, '校验号');
    const [mine] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const image = (await api.upload(user.token, 'a.png', PNG)).data;
    const video = (await api.upload(user.token, 'b.mp4', MP4)).data;
    const publish = (body: Record<string, unknown>) =>
      api.post(PublishingPath.publish, user.token, {
        kind: 'video',
        text: '描述',
        media_ids: [video.id],
        account_ids: [mine.id],
        ...body,
      });
    expect(await publish({ media_ids: [image.id] })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: publishingMessages.videoOne,
    });
    expect(await publish({ kind: 'images', media_ids: [image.id, video.id] })).toMatchObject({
      msg: publishingMessages.imagesOnly,
    });
    expect(await publish({ account_ids: [] })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: publishingMessages.accountsMissing,
    });
    expect(await publish({ text: '  ' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: publishingMessages.textMissing,
    });
    expect((await publish({ account_ids: [mine.id + 10_000] })).code).toBe(Code.NOT_FOUND);
    const stranger = await account();
    const theirs = (await api.upload(stranger.token, 'c.mp4', MP4)).data;
    expect(await publish({ media_ids: [theirs.id] })).toMatchObject({ msg: publishingMessages.mediaNotFound });
  });

  it('publishes an AI 图文 work: its pictures, title and body, and refuses one that is not done or not the user’s', async () => {
    const user = await account('VIP');
    await authorize(user.token, '图文号');
    const [target] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const [work] = await db()
      .insert(imageTextWorks)
      .values({
        userId: user.id,
        source: 'single',
        keyword: '露营装备',
        title: '露营装备清单',
        body: '新手露营必带的三样装备 #露营装备',
        images: [
          { name: '1.png', mime: 'image/png' },
          { name: '2.png', mime: 'image/png' },
        ],
        imagesTotal: 2,
        status: 'done',
      })
      .returning();
    const folder = path.join(dataDir, 'image-text', 'works', String(work?.id));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, '1.png'), PNG);
    writeFileSync(path.join(folder, '2.png'), PNG);
    const published = await api.post(PublishingPath.publish, user.token, {
      kind: 'work',
      work_id: work?.id,
      account_ids: [target.id],
    });
    expect(published.code, JSON.stringify(published)).toBe(Code.OK);
    expect(published.data).toMatchObject({
      kind: 'images',
      title: '露营装备清单',
      text: '新手露营必带的三样装备 #露营装备',
      media: [{ kind: 'image' }, { kind: 'image' }],
    });
    const post = await api.newestPostAfterJobs(user.token);
    expect(post.deliveries[0].status).toBe('published');

    const [drawing] = await db()
      .insert(imageTextWorks)
      .values({ userId: user.id, source: 'single', status: 'drawing' })
      .returning();
    const notDone = await api.post(PublishingPath.publish, user.token, {
      kind: 'work',
      work_id: drawing?.id,
      account_ids: [target.id],
    });
    expect(notDone).toMatchObject({ code: Code.NOT_FOUND, msg: publishingMessages.workNotFound });
    const stranger = await account();
    await authorize(stranger.token, '陌生号');
    const [own] = (await api.get(PublishingPath.accounts, stranger.token)).data.list;
    const theirs = await api.post(PublishingPath.publish, stranger.token, {
      kind: 'work',
      work_id: work?.id,
      account_ids: [own.id],
    });
    expect(theirs).toMatchObject({ code: Code.NOT_FOUND, msg: publishingMessages.workNotFound });
    expect(
      await api.post(PublishingPath.publish, user.token, { kind: 'work', account_ids: [target.id] }),
    ).toMatchObject({
      msg: publishingMessages.workMissing,
    });
  });

  it('publishes a video to two accounts as jobs and shows each account’s status', async () => {
    const user = await account('VIP');
    await authorize(user.token, '账号甲');
    await authorize(user.token, '账号乙');
    const accounts = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const video = (await api.upload(user.token, 'clip.mp4', MP4)).data;
    const published = await api.post(PublishingPath.publish, user.token, {
      kind: 'video',
      title: '探店',
      text: '今天的探店视频 #美食',
      media_ids: [video.id],
      account_ids: accounts.map((entry: { id: number }) => entry.id),
    });
    expect(published.code).toBe(Code.OK);
    expect(published.data.deliveries.map((entry: { status: string }) => entry.status)).toEqual(['queued', 'queued']);
    await api.runJobs();
    const page = await api.get(`${PublishingPath.posts}?page_size=10`, user.token);
    expect(page.data.total).toBe(1);
    const [post] = page.data.list;
    expect(post).toMatchObject({
      kind: 'video',
      title: '探店',
      text: '今天的探店视频 #美食',
      media: [{ kind: 'video', name: 'clip.mp4' }],
    });
    expect(post.deliveries).toMatchObject([
      { nickname: '账号甲', status: 'published', attempts: 1, error: null },
      { nickname: '账号乙', status: 'published', attempts: 1, error: null },
    ]);
    expect(post.deliveries[0].item_id).toMatch(/^sbx_item_/);
    // Retrying a published delivery is refused.
    expect((await api.post(PublishingPath.retry, user.token, { id: post.deliveries[0].id })).code).toBe(Code.TOAST);
  });

  /** The account's token columns as the database holds them, bypassing the repository. */
  const storedTokens = async (id: number) => {
    const [row] = await db()
      .select({ accessToken: publishingAccounts.accessToken, refreshToken: publishingAccounts.refreshToken })
      .from(publishingAccounts)
      .where(eq(publishingAccounts.id, id));
    return row as { accessToken: string; refreshToken: string };
  };

  it('stores OAuth tokens sealed (AES-256-GCM under the configured key), never as plaintext', async () => {
    const user = await account('VIP');
    await authorize(user.token, '加密存储号');
    const [listed] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const stored = await storedTokens(listed.id);
    const opened = (await findAccount(db(), listed.id)) as AccountRow;
    expect(opened.accessToken).toMatch(/^sbx\.act\./);
    expect(opened.refreshToken).toMatch(/^sbx\.rft\./);
    expect(stored.accessToken).toMatch(new RegExp(`^enc:v1:${tokenCipher().currentKeyId}:`));
    expect(stored.refreshToken).toMatch(new RegExp(`^enc:v1:${tokenCipher().currentKeyId}:`));
    for (const value of Object.values(stored)) {
      expect(value).not.toContain(opened.accessToken);
      expect(value).not.toContain(opened.refreshToken);
      expect(value).not.toContain(opened.openId);
    }
    // A refresh writes the new tokens sealed too.
    expect((await api.post(PublishingPath.refresh, user.token, { id: listed.id })).code).toBe(Code.OK);
    const refreshed = await storedTokens(listed.id);
    expect(refreshed.accessToken).toMatch(/^enc:v1:/);
    expect(refreshed.accessToken).not.toBe(stored.accessToken);
    expect((await findAccount(db(), listed.id))?.accessToken).toMatch(/^sbx\.act\./);
  });

  it('reads plaintext rows from before sealing and seals them, and reseals under a rotated key', async () => {
    const user = await account('VIP');
    await authorize(user.token, '旧数据号');
    const [listed] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const opened = (await findAccount(db(), listed.id)) as AccountRow;
    // A row as it was stored before sealing existed.
    await db()
      .update(publishingAccounts)
      .set({ accessToken: opened.accessToken, refreshToken: opened.refreshToken })
      .where(eq(publishingAccounts.id, listed.id));
    expect((await findAccount(db(), listed.id))?.refreshToken).toBe(opened.refreshToken);
    expect(await resealStoredTokens(db())).toBeGreaterThanOrEqual(1);
    const sealed = await storedTokens(listed.id);
    expect(sealed.accessToken).toMatch(/^enc:v1:/);
    expect(sealed.refreshToken).not.toContain(opened.refreshToken);
    expect((await findAccount(db(), listed.id))?.refreshToken).toBe(opened.refreshToken);
    expect(await resealStoredTokens(db())).toBe(0);

    // Rotation: a new current key, the old one kept for reading; the rows move to the new key.
    const oldKeyId = tokenCipher().currentKeyId;
    useTokenKeys({
      currentSecret: 'a-rotated-token-key-0001',
      previousSecrets: [t.app.config.tokenEncryption.currentSecret],
    });
    try {
      expect((await findAccount(db(), listed.id))?.refreshToken).toBe(opened.refreshToken);
      expect(await resealStoredTokens(db())).toBeGreaterThanOrEqual(1);
      const rotated = await storedTokens(listed.id);
      expect(rotated.refreshToken.startsWith(`enc:v1:${tokenCipher().currentKeyId}:`)).toBe(true);
      expect(tokenCipher().currentKeyId).not.toBe(oldKeyId);
      expect((await api.post(PublishingPath.refresh, user.token, { id: listed.id })).code).toBe(Code.OK);
    } finally {
      useTokenKeys({ ...t.app.config.tokenEncryption, previousSecrets: ['a-rotated-token-key-0001'] });
    }
    expect(await resealStoredTokens(db())).toBeGreaterThanOrEqual(1);
  });

  it('never uses an altered sealed token: the account asks to be authorised again', async () => {
    const user = await account('VIP');
    await authorize(user.token, '篡改号');
    const [listed] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    const stored = await storedTokens(listed.id);
    const parts = stored.refreshToken.split(':');
    const body = Buffer.from(parts[4] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[4] = body.toString('base64url');
    await db()
      .update(publishingAccounts)
      .set({ refreshToken: parts.join(':') })
      .where(eq(publishingAccounts.id, listed.id));
    expect((await findAccount(db(), listed.id))?.refreshToken).toBe('');
    const refused = await api.post(PublishingPath.refresh, user.token, { id: listed.id });
    expect(refused).toMatchObject({ code: Code.TOAST, msg: publishingMessages.tokenExpired });
    const [after] = (await api.get(PublishingPath.accounts, user.token)).data.list;
    expect(after.status).toBe('expired');
  });
});

describe('publishing through the Douyin Open Platform adapter (fake server)', () => {
  let t: TestApp;
  let fake: FakeDouyinServer;
  let dataDir: string;
  let api: ReturnType<typeof client>;
  const db = () => t.database.db;
  const credentials = { clientKey: 'awdso0001', clientSecret: 'fake-douyin-secret-0001' };

  beforeAll(async () => {
    fake = await startFakeDouyinOpenServer(credentials);
    dataDir = mkdtempSync(path.join(tmpdir(), 'dso-publishing-'));
    t = await createTestApp({
      config: { dataDir, publicUrl: 'https://dso.example' },
      providers: { publishing: createDouyinPublishing({ ...credentials, baseUrl: fake.url, timeoutMs: 5_000 }) },
    });
    await ensurePermissionConfig(db());
    api = client(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Douyin's side of the authorisation: the user agrees, Douyin sends the browser back with a code. */
  const authorize = async (token: string, user: { openId: string; nickname: string }) => {
    const started = await api.post(PublishingPath.authorize, token, {});
    const address = new URL(started.data.url);
    expect(`${address.origin}${address.pathname}`).toBe(`${fake.url}/platform/oauth/connect/`);
    expect(address.searchParams.get('redirect_uri')).toBe('https://dso.example/api/callback/douyin');
    return api.callback({ code: fake.issueCode(user), state: address.searchParams.get('state') ?? '' });
  };

  it('authorises, publishes, shows the platform’s refusal with its code, retries, and refreshes an expired token', async () => {
    const { token } = await api.account({ grade: 'SVIP' });
    expect(await authorize(token, { openId: 'open-shop', nickname: '好物小店' })).toBe('/setting?type=second&auth=ok');
    const [account] = (await api.get(PublishingPath.accounts, token)).data.list;
    expect(account).toMatchObject({ nickname: '好物小店', status: 'active' });

    const image = (await api.upload(token, 'cover.png', PNG)).data;
    fake.failNextCreate(2190015, '图片内容违规，请修改后重试');
    const first = await api.post(PublishingPath.publish, token, {
      kind: 'images',
      text: '三张图看懂 #攻略',
      media_ids: [image.id],
      account_ids: [account.id],
    });
    let post = await api.newestPostAfterJobs(token);
    expect(post.deliveries[0]).toMatchObject({
      status: 'failed',
      error: '图片内容违规，请修改后重试（错误码 2190015）',
    });

    // 重试: the platform takes it this time; meanwhile the access token expired and is refreshed on the way.
    fake.expireAccessToken('open-shop');
    expect((await api.post(PublishingPath.retry, token, { id: first.data.deliveries[0].id })).code).toBe(Code.OK);
    post = await api.newestPostAfterJobs(token);
    expect(post.deliveries[0]).toMatchObject({ status: 'published', error: null });
    expect(fake.items).toMatchObject([
      { openId: 'open-shop', kind: 'image', text: '三张图看懂 #攻略', fileName: 'cover.png' },
    ]);
    expect(fake.calls).toContain('/oauth/refresh_token/');
  });

  it('keeps tokens alive: refreshes access tokens and renews refresh tokens before they end, and expires a refused one', async () => {
    const { token } = await api.account({ grade: 'SVIP' });
    await authorize(token, { openId: 'open-upkeep', nickname: '长期号' });
    await authorize(token, { openId: 'open-refused', nickname: '失效号' });
    const before = (await api.get(PublishingPath.accounts, token)).data.list;
    const later = new Date(Date.now() + 26 * 86_400_000);
    fake.expireRefreshToken('open-refused');
    const outcome = await keepTokensAlive(db(), t.app.providers.publishing, later);
    // The accounts of the tests above are as old, so they are kept alive in the same round.
    expect(outcome.expired).toBe(1);
    expect(outcome.renewed).toBeGreaterThanOrEqual(1);
    expect(outcome.refreshed).toBe(outcome.renewed);
    const after = (await api.get(PublishingPath.accounts, token)).data.list;
    const kept = after.find((entry: { nickname: string }) => entry.nickname === '长期号');
    expect(kept.status).toBe('active');
    expect(kept.refresh_expires_at).toBeGreaterThan(before[0].refresh_expires_at + 20 * 86_400);
    expect(kept.access_expires_at).toBeGreaterThan(Math.floor(later.getTime() / 1000));
    expect(after.find((entry: { nickname: string }) => entry.nickname === '失效号').status).toBe('expired');
    expect(fake.calls).toContain('/oauth/renew_refresh_token/');
  });

  it('ends an authorisation the user cancelled in the Douyin app (signed webhook), and answers the address check', async () => {
    const owner = await api.account({ grade: 'SVIP' });
    const { token } = owner;
    await authorize(token, { openId: 'open-cancelled', nickname: '取消号' });
    const used = await quotaUsed(db(), owner.id, PUBLISHING_ALIAS);
    const send = (hook: { body: string; signature: string }, signature = hook.signature) =>
      t.app.inject({
        method: 'POST',
        url: PublishingPath.douyinWebhook,
        headers: { 'content-type': 'application/json', 'x-douyin-signature': signature },
        payload: hook.body,
      });
    const check = await send(fake.webhook({ event: 'verify_webhook', content: { challenge: 777 } }));
    expect(check.json()).toEqual({ challenge: 777 });
    const cancel = fake.webhook({ event: 'unauthorize', from_user_id: 'open-cancelled', content: { scopes: [] } });
    expect((await send(cancel, 'f'.repeat(40))).statusCode).toBe(403);
    expect((await api.get(PublishingPath.accounts, token)).data.list).toHaveLength(1);
    expect((await send(cancel)).statusCode).toBe(200);
    expect((await api.get(PublishingPath.accounts, token)).data.list).toEqual([]);
    expect(await quotaUsed(db(), owner.id, PUBLISHING_ALIAS)).toBe(used - 1);
    // Douyin retries: a second delivery of the event changes nothing.
    expect((await send(cancel)).statusCode).toBe(200);
    expect(await quotaUsed(db(), owner.id, PUBLISHING_ALIAS)).toBe(used - 1);
  });

  it('tries an outage again and publishes; an account whose refresh token ran out turns expired', async () => {
    const owner = await api.account({ grade: 'SVIP' });
    const { token } = owner;
    await authorize(token, { openId: 'open-video', nickname: '视频号' });
    const [account] = (await api.get(PublishingPath.accounts, token)).data.list;
    const video = (await api.upload(token, 'clip.mp4', MP4)).data;
    fake.failNextWithStatus(503);
    await api.post(PublishingPath.publish, token, {
      kind: 'video',
      text: 't',
      media_ids: [video.id],
      account_ids: [account.id],
    });
    let post = await api.newestPostAfterJobs(token);
    expect(post.deliveries[0]).toMatchObject({ status: 'published', attempts: 2 });

    fake.expireAccessToken('open-video');
    fake.expireRefreshToken('open-video');
    await api.post(PublishingPath.publish, token, {
      kind: 'video',
      text: 't2',
      media_ids: [video.id],
      account_ids: [account.id],
    });
    post = await api.newestPostAfterJobs(token);
    expect(post.deliveries[0]).toMatchObject({ status: 'failed', error: publishingMessages.tokenExpired });
    expect((await api.get(PublishingPath.accounts, token)).data.list[0].status).toBe('expired');
    const again = await api.post(PublishingPath.publish, token, {
      kind: 'video',
      text: 't3',
      media_ids: [video.id],
      account_ids: [account.id],
    });
    expect(again).toMatchObject({ code: Code.TOAST, msg: publishingMessages.accountInactive });
    // Authorising it again brings it back without a second seat.
    await authorize(token, { openId: 'open-video', nickname: '视频号' });
    expect((await api.get(PublishingPath.accounts, token)).data.list[0].status).toBe('active');
    expect(await quotaUsed(db(), owner.id, PUBLISHING_ALIAS)).toBe(1);
  });
});

describe('orderMediaForPost', () => {
  const row = (id: number, kind: 'video' | 'image') =>
    ({ id, kind, name: `${id}`, mime: '', size: 1, storageKey: '', userId: 1, createdAt: new Date() }) as const;
  it('keeps the order the user gave and refuses media the user does not have', () => {
    expect(orderMediaForPost('images', [3, 1], [row(1, 'image'), row(3, 'image')]).map((media) => media.id)).toEqual([
      3, 1,
    ]);
    expect(() => orderMediaForPost('images', [2], [row(1, 'image')])).toThrow(publishingMessages.mediaNotFound);
    expect(() => orderMediaForPost('video', [1, 2], [row(1, 'video'), row(2, 'video')])).toThrow(
      publishingMessages.videoOne,
    );
  });
});
