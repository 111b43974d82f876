import { Code, FramePath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { pageViews, sessionVisits, trackingEvents } from '../../db/schema';
import { createUser, loginAs } from '../../testing';
import { useTestApp } from '../../testing/route-suite';
import { updateAccount } from '../publishing';
import { authorisedDouyinAccount } from '../publishing/publishing.testing';
import { defaultFriendLinks } from './frame.service';

/** Operator details as an installation sets them; the rest stay at their (empty) defaults. */
const site = loadConfig({
  SITE_COMPANY_NAME: '杭州某某网络科技有限公司',
  SITE_ICP: '浙ICP备12345678号-1',
  SITE_SUPPORT_WECHAT_URL: 'https://work.weixin.qq.com/kfid/kf-test',
}).site;

describe('frame calls', () => {
  const t = useTestApp({ config: { site } });

  it('answers the server time without a signature', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: FramePath.serverTime });
    const body = response.json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.time).toBeGreaterThanOrEqual(before);
    expect(body.data.time).toBeLessThanOrEqual(Date.now());
  });

  it('stores a visitor page view', async () => {
    const response = await t.request({
      method: 'POST',
      url: FramePath.visitorStatistic,
      body: { uid: 'visitor-1', page: '/KeywordDouyin/searchWord' },
    });
    expect(response.json()).toEqual({ code: Code.OK, msg: 'success', data: null });
    const rows = await t.database.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visitorId: 'visitor-1', path: '/KeywordDouyin/searchWord' });
  });

  it('rejects a page view without a visitor id with a Chinese message', async () => {
    const response = await t.request({ method: 'POST', url: FramePath.visitorStatistic, body: { uid: '' } });
    const body = response.json();
    expect(body.code).toBe(Code.BAD_REQUEST);
    expect(body.msg).toBe('访客标识不能为空');
    expect(body.data).toBeNull();
  });

  it('records a session once however often it is reported', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await t.request({ method: 'POST', url: FramePath.sessionStatistic, body: { uid: 'cookie-9' } });
      expect(response.json().code).toBe(Code.OK);
    }
    const rows = await t.database.db.select().from(sessionVisits).where(sql`session_id = 'cookie-9'`);
    expect(rows).toHaveLength(1);
  });

  it('stores a tracking event with page and click ids', async () => {
    const response = await t.request({
      method: 'POST',
      url: FramePath.event,
      body: { uid: 'visitor-1', pe: 'pc_home', ce: 'search_click' },
    });
    expect(response.json().code).toBe(Code.OK);
    const rows = await t.database.db.select().from(trackingEvents);
    expect(rows.map((row) => [row.pageId, row.eventId])).toEqual([['pc_home', 'search_click']]);
  });

  it('rejects an event without its click id', async () => {
    const response = await t.request({ method: 'POST', url: FramePath.event, body: { uid: 'v', pe: 'pc_home' } });
    expect(response.json().code).toBe(Code.BAD_REQUEST);
  });

  it('lists the friend links in order', async () => {
    const response = await t.request({ method: 'GET', url: FramePath.friendLinks });
    const body = response.json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toEqual(defaultFriendLinks);
  });

  it('gives a visitor the example account, which clears the market-old-data flag', async () => {
    const response = await t.request({ method: 'GET', url: FramePath.tiktokUserInfoList });
    const body = response.json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].example).toBe(true);
  });

  it('lists the Douyin accounts the user authorised (账号授权), which sets the market-old-data flag', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    const list = async () => (await t.request({ method: 'GET', url: FramePath.tiktokUserInfoList, token })).json();
    expect((await list()).data).toEqual([expect.objectContaining({ example: true })]);
    const first = await authorisedDouyinAccount(t.database.db, user.id, 'open-frame-1', '探店日记');
    await authorisedDouyinAccount(t.database.db, user.id, 'open-frame-2', '');
    expect((await list()).data).toEqual([
      { nickname: '探店日记', avatar: '', unique_id: 'open-frame-1', example: false },
      { nickname: '抖音用户', avatar: '', unique_id: 'open-frame-2', example: false },
    ]);
    // A revoked authorisation is not listed.
    await updateAccount(t.database.db, first.id, { status: 'revoked', accessToken: '', refreshToken: '' });
    expect((await list()).data.map((entry: { unique_id: string }) => entry.unique_id)).toEqual(['open-frame-2']);
  });

  it('answers the operator details from the configuration, leaving unset ones empty', async () => {
    const body = (await t.request({ method: 'GET', url: FramePath.siteInfo })).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({
      company_name: '杭州某某网络科技有限公司',
      icp: '浙ICP备12345678号-1',
      icp_url: 'https://beian.miit.gov.cn',
      support_wechat_url: 'https://work.weixin.qq.com/kfid/kf-test',
      phone: '',
      official_account_url: '',
    });
  });

  it('answers the site details even to a request with a dead token', async () => {
    const body = (
      await t.request({ method: 'GET', url: FramePath.siteInfo, headers: { authorization: 'no-such-token' } })
    ).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.icp).toBe('浙ICP备12345678号-1');
  });
});
