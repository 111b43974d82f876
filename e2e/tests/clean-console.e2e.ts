import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, openPageIn } from '../support/browser';
import {
  type DetailServer,
  SAMPLE_CREATOR_ID,
  SAMPLE_LIVE_ROOM_ID,
  SAMPLE_REPLAY_ID,
  SAMPLE_VIDEO_ID,
  signIn,
  startDetailServer,
} from '../support/detail';

/**
 * One address per built route, with the parameters a user arrives with. A route built later must be
 * added here: the first test fails until it is. `landsOn`: the path a route leads this user to instead.
 */
const visits: Record<string, { url: string; signedIn?: boolean; landsOn?: string }> = {
  '/': { url: '/' },
  '/about': { url: '/about' },
  '/legal/user-agreement': { url: '/legal/user-agreement' },
  '/legal/privacy-policy': { url: '/legal/privacy-policy' },
  '/404': { url: '/404' },
  '/KeywordDouyin/:tabVal?/:tabType?': { url: '/KeywordDouyin?keyword=美食' },
  '/KeywordXhs/:tabVal?/:tabType?': { url: '/KeywordXhs?keyword=口红' },
  '/KeywordWSO/:tabVal?/:tabType?': { url: '/KeywordWSO' },
  '/KeywordBSO/:tabVal?/:tabType?': { url: '/KeywordBSO' },
  '/KeywordTSO/:tabVal?/:tabType?': { url: '/KeywordTSO' },
  '/KeywordKSO/:tabVal?/:tabType?': { url: '/KeywordKSO?keyword=美食' },
  '/keyWordShareDetail': { url: '/keyWordShareDetail?keyword=美食&platform=DSO' },
  '/DouyinSugKeyword': { url: '/DouyinSugKeyword?keyword=美食' },
  '/keyWordSeo': { url: '/keyWordSeo' },
  '/copyWriters': { url: '/copyWriters?keyword=露营装备', signedIn: true },
  '/DouyinVideoOcr': { url: '/DouyinVideoOcr', signedIn: true },
  '/KeywordDouyinHot/:tabVal?': { url: '/KeywordDouyinHot' },
  '/KeywordTSOList/:tabVal?': { url: '/KeywordTSOList' },
  '/keyWordDetail/:tabVal?': { url: '/keyWordDetail?keyword=美食', signedIn: true },
  '/RsoKeyWordDetail/:tabVal?': { url: '/RsoKeyWordDetail?keyword=口红', signedIn: true },
  '/WsoKeyWordDetail/:tabVal?': { url: '/WsoKeyWordDetail?keyword=美食', signedIn: true },
  '/BsoKeyWordDetail/:tabVal?': { url: '/BsoKeyWordDetail?keyword=美食', signedIn: true },
  '/TsoKeyWordDetail/:tabVal?': { url: '/TsoKeyWordDetail?keyword=camping&country=US', signedIn: true },
  '/TsoKeyWordTopicDetail/:tabVal?': { url: '/TsoKeyWordTopicDetail?keyword=camping&country=US', signedIn: true },
  '/KsoKeyWordDetail/:tabVal?': { url: '/KsoKeyWordDetail?keyword=美食', signedIn: true },
  '/setting': { url: '/setting?type=first', signedIn: true },
  '/oneSend': { url: '/oneSend', signedIn: true },
  '/oneSendAuthorization': { url: '/oneSendAuthorization', signedIn: true },
  '/douYinSendAuthorization': { url: '/douYinSendAuthorization' },
  '/distribution': { url: '/distribution' },
  '/pages/home/bind': { url: '/pages/home/bind', signedIn: true },
  '/dataMarketNew': { url: '/dataMarketNew', signedIn: true },
  // The old dashboard shows only with the market-old-data flag; this user has no authorised account.
  '/dataMarket': { url: '/dataMarket', signedIn: true, landsOn: '/dataMarketNew' },
  '/keyWordDetailMonitor': { url: '/keyWordDetailMonitor', signedIn: true },
  '/dailyPaper': { url: '/dailyPaper', signedIn: true },
  '/keyWordScreen': { url: '/keyWordScreen', signedIn: true },
  '/pay': { url: '/pay?grade=SVIP' },
  // The sandbox cashier of a trade that does not exist (订单已失效): its own call answers, in the envelope.
  '/sandbox/cashier': { url: '/sandbox/cashier?trade=D0', signedIn: true },
  '/videoDetail/:id': { url: `/videoDetail/${SAMPLE_VIDEO_ID}`, signedIn: true },
  '/livegoods/detail/:id': { url: `/livegoods/detail/${SAMPLE_LIVE_ROOM_ID}` },
  '/live_studio': { url: `/live_studio?lid=${SAMPLE_LIVE_ROOM_ID}` },
  '/live_screen': { url: '/live_screen' },
  '/personListLibrary/:tabVal?': { url: '/personListLibrary?keyword=露营' },
  '/personList': { url: '/personList' },
  '/Competitors': { url: `/Competitors?userId=${SAMPLE_CREATOR_ID}`, signedIn: true },
  '/person/detail/:userid/:tabVal?': { url: `/person/detail/${SAMPLE_CREATOR_ID}/fans`, signedIn: true },
  '/DouyinTopic/:tabVal?': { url: '/DouyinTopic/searchWord' },
  '/DouyinKeywordSearchRank': { url: '/DouyinKeywordSearchRank?keyword=露营装备' },
  '/CueWord': { url: '/CueWord' },
  '/writing': { url: '/writing' },
  '/CueWordHistory': { url: '/CueWordHistory', signedIn: true },
  '/keywordImg': { url: '/keywordImg?keyword=露营装备', signedIn: true },
  '/keywordImgDetails': { url: '/keywordImgDetails?id=1', signedIn: true },
  '/keywordImgsV2': { url: '/keywordImgsV2', signedIn: true },
  '/keywordImgHistory/:tabVal?': { url: '/keywordImgHistory/upload', signedIn: true },
  '/setImg': { url: '/setImg' },
  '/simmind': { url: '/simmind?keyword=露营装备', signedIn: true },
  '/AiLiveReplay': { url: '/AiLiveReplay', signedIn: true },
  '/AiLiveReplayHistory': { url: '/AiLiveReplayHistory', signedIn: true },
  '/liveReplay/:liveId': { url: `/liveReplay/${SAMPLE_REPLAY_ID}`, signedIn: true },
  // The operator's console, as anyone arrives at it: its own login (staff only; a member's session opens nothing).
  '/admin/*': { url: '/admin' },
};

describe('a clean console on every built route', () => {
  let server: DetailServer;
  let browser: Browser;
  /** A visitor and the signed-in user, each one context for every visit: the app's assets load once. */
  let visitor: BrowserContext;
  let member: BrowserContext;
  beforeAll(async () => {
    // One user opens every address in about a minute, each page making its start calls: far over a
    // person's pace, so the per-minute request limits (300 a user, 600 an address) would answer 503.
    server = await startDetailServer({ variables: { LIMIT_USER_PER_MINUTE: '5000', LIMIT_IP_PER_MINUTE: '10000' } });
    browser = await launchBrowser();
    visitor = (await openPage(browser)).context;
    member = (await openPage(browser)).context;
    await signIn(member, server.token);
  });
  /** A fresh page, tracked from its first request, in the visitor's or the signed-in user's context. */
  const visitAs = (signedIn: boolean | undefined) => openPageIn(signedIn ? member : visitor);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has an address to visit for every built route of the route table', async () => {
    // Loaded by a path in a variable so the e2e type check does not follow the route table into the
    // web app's pages (their CSS and SVG imports are the web build's business); vitest loads it as is.
    const routeTablePath = new URL('../../apps/web/src/app/route-table.ts', import.meta.url).href;
    const { routeTable, isComingRoute } = (await import(routeTablePath)) as {
      routeTable: Array<{ path: string }>;
      isComingRoute(meta: { path: string }): boolean;
    };
    const built = routeTable.filter((meta) => !isComingRoute(meta)).map((meta) => meta.path);
    expect(Object.keys(visits).sort()).toEqual([...built].sort());
  });

  for (const [path, visit] of Object.entries(visits)) {
    it(`loads ${visit.url} with no console error, warning or failed resource`, async () => {
      const { page, errors, warnings } = await visitAs(visit.signedIn);
      await page.goto(`${server.url}${visit.url}`, { waitUntil: 'networkidle' });
      const landing = visit.landsOn ?? new URL(visit.url, server.url).pathname;
      if (visit.landsOn) await page.waitForURL((address) => address.pathname === landing);
      expect(new URL(page.url()).pathname, `${path} lands on its page`).toBe(landing);
      expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
      await page.close();
    });
  }

  // 我的收藏 shares /setting with 我的订单 (the visit above); each of its tabs is an address of its own.
  for (const type of ['collectDouyin', 'collectRso', 'collectUser', 'collectVideo']) {
    it(`loads /setting?type=${type} (我的收藏) with no console error, warning or failed resource`, async () => {
      const { page, errors, warnings } = await visitAs(true);
      await page.goto(`${server.url}/setting?type=${type}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: '我的收藏' }).waitFor();
      expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
      await page.close();
    });
  }

  // 账号信息, 账号授权 and 子账号管理 share /setting with 我的订单 (the visit above).
  for (const [type, heading] of [
    ['account', '账号信息'],
    ['second', '账号授权'],
    ['child', '子账号管理'],
  ]) {
    it(`loads /setting?type=${type} (${heading}) with no console error, warning or failed resource`, async () => {
      const { page, errors, warnings } = await visitAs(true);
      await page.goto(`${server.url}/setting?type=${type}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: heading }).waitFor();
      expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
      await page.close();
    });
  }

  it('shows an unknown keyword without a failed resource in the console', async () => {
    const { page, errors, warnings } = await visitAs(true);
    await page.goto(`${server.url}/keyWordDetail?keyword=${encodeURIComponent('没有这个词的关键词')}`, {
      waitUntil: 'networkidle',
    });
    await page.getByText('词库中暂未收录「没有这个词的关键词」').waitFor();
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });
    await page.close();
  });
});
