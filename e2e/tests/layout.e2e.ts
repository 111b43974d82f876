import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenStill } from '../support/browser';
import { openDialogNames } from '../support/dialogs';
import { chooseSearchType } from '../support/header-search';
import { type RunningServer, startServer } from '../support/server';

const sessionValue = (page: Page, key: string) => page.evaluate((name) => sessionStorage.getItem(name), key);
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A user-info envelope as the server sends it, for the logged-in header. */
function userInfoEnvelope(grade: 'FREE' | 'SVIP', endDay: number) {
  return {
    code: 200,
    msg: 'ok',
    data: {
      id: 7,
      user_id: 7,
      phone: '138****5678',
      phone_last: '5678',
      avatar: '',
      head_img: '',
      new_user: false,
      grade,
      vip_name: '',
      grade_info_vo: { grade_enum: grade, end_day: endDay, end_time: 1_924_876_800 },
      group_slave_name: '',
      permission_version_code: null,
      sub_account: false,
      sub_account_parent_phone: null,
      role_id: 1,
      show_old: false,
      show_original_data: false,
    },
  };
}

/** The header menus' open and close delay (000 §4). */
const MENU_DELAY_MS = 300;
/** How far a page's timer may fire from its delay on the page's own clock, which is coarsened. */
const TIMER_SLACK_MS = 1;

interface MenuTimes {
  entered: number;
  opened: number;
  left: number;
  closed: number;
}

/**
 * Has the page note, on its own clock, when the pointer first enters and leaves a header tab and
 * when its menu is first added and removed. The pointer is seen in the capture phase on the window,
 * before React's listeners start the delay, so a measured delay is never shorter than the real one.
 */
async function recordMenuTimes(page: Page, tab: string) {
  await page.evaluate((key) => {
    const times: Partial<MenuTimes> = {};
    (window as unknown as { menuTimes: Partial<MenuTimes> }).menuTimes = times;
    const tabElement = document.querySelector(`[data-testid="header-tab-${key}"]`);
    if (!tabElement) throw new Error(`no header tab ${key}`);
    const crosses = (event: MouseEvent) =>
      tabElement.contains(event.target as Node) && !tabElement.contains(event.relatedTarget as Node | null);
    window.addEventListener(
      'mouseover',
      (event) => {
        if (crosses(event)) times.entered ??= performance.now();
      },
      true,
    );
    window.addEventListener(
      'mouseout',
      (event) => {
        if (crosses(event)) times.left ??= performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const shown = document.querySelector(`[data-testid="header-menu-${key}"]`) !== null;
      if (shown) times.opened ??= performance.now();
      else if (times.opened !== undefined) times.closed ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  }, tab);
}

async function menuTimes(page: Page): Promise<MenuTimes> {
  const times = await page.evaluate(() => (window as unknown as { menuTimes: Partial<MenuTimes> }).menuTimes);
  const { entered, opened, left, closed } = times;
  if (entered === undefined || opened === undefined || left === undefined || closed === undefined) {
    throw new Error(`menu times incomplete: ${JSON.stringify(times)}`);
  }
  return { entered, opened, left, closed };
}

/**
 * Lets the page finish the rendering it has queued. React renders in tasks posted through a
 * MessageChannel, which the fake clock leaves alone; tasks posted behind them run after them.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    }
  });
}

describe('the app layout', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openHome(options: { theme?: 'dark' | 'light' } = {}) {
    const tracked = await openPage(browser, options);
    await tracked.page.goto(server.url);
    await tracked.page.getByTestId('home-page').waitFor();
    return tracked;
  }

  /** Opens a logged-in page with the user-info call answered as the given grade. */
  async function openAsMember(grade: 'FREE' | 'SVIP', endDay: number) {
    const tracked = await openPage(browser);
    await tracked.context.addInitScript(() => window.localStorage.setItem('token', 'member-token'));
    await tracked.page.route('**/api/user/info', (route) => route.fulfill({ json: userInfoEnvelope(grade, endDay) }));
    await tracked.page.route('**/api/user/roles', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: [] } }),
    );
    await tracked.page.goto(server.url);
    await tracked.page.getByTestId('home-page').waitFor();
    await tracked.page.getByTestId('header-avatar').waitFor();
    return tracked;
  }

  it('shows the home workbench in the dark and the light theme without console errors', async () => {
    const dark = await openHome();
    await dark.page.getByTestId('friend-links').waitFor();
    expect(await dark.page.getByTestId('header-tab-home').getAttribute('class')).toContain('is-active');
    await screenshot(dark.page, 'layout-home-dark');
    expect(dark.errors).toEqual([]);
    await dark.context.close();

    const light = await openHome({ theme: 'light' });
    expect(await light.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await screenshot(light.page, 'layout-home-light');
    expect(light.errors).toEqual([]);
    await light.context.close();
  });

  it('switches the theme from the header and remembers it', async () => {
    const { page, context } = await openHome();
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });

  it('opens a hover menu only after 300 ms and closes it after the pointer leaves', async () => {
    const { page, context, errors } = await openHome();
    const menu = page.getByTestId('header-menu-keyword');
    await recordMenuTimes(page, 'keyword');
    await page.getByTestId('header-tab-keyword').hover();
    await menu.waitFor({ state: 'visible' });
    for (const name of ['搜索词', '蓝海词', '话题飙升', '电商新词', '搜索排名查询', '创意灵感话题', '电商话题']) {
      expect(await menu.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await menu.getByText('NEW').count()).toBeGreaterThan(0);
    await whenStill(page);
    await screenshot(page, 'layout-hover-menu');

    await page.mouse.move(720, 800);
    await menu.waitFor({ state: 'detached' });
    // Timed by the page's own clock, so a slow test process cannot blur them. Real timers never
    // fire early, so neither delay can be shorter; how exact they are is the fake-clock test's job.
    const times = await menuTimes(page);
    expect(times.opened - times.entered).toBeGreaterThanOrEqual(MENU_DELAY_MS - TIMER_SLACK_MS);
    expect(times.closed - times.left).toBeGreaterThanOrEqual(MENU_DELAY_MS - TIMER_SLACK_MS);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens and closes the menus exactly 300 ms after hovering and keeps them shut 500 ms after a click', async () => {
    const { page, context } = await openHome();
    // A paused fake clock makes the delays exact: pointer moves and clicks take no time on it, and
    // neither does waiting for the page to render, so a menu may be waited for without the wait
    // counting towards its delay. Before a "still shut" check the page settles first, so a menu
    // that opened too early has had the chance to show.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const tab = page.getByTestId('header-tab-keyword');
    const menu = page.getByTestId('header-menu-keyword');
    const away = () => page.mouse.move(720, 800);

    await tab.hover();
    await page.clock.runFor(290);
    await settle(page);
    expect(await menu.isVisible()).toBe(false);
    await page.clock.runFor(20);
    await menu.waitFor({ state: 'visible' });
    await away();
    await page.clock.runFor(290);
    await settle(page);
    expect(await menu.isVisible()).toBe(true);
    await page.clock.runFor(20);
    await menu.waitFor({ state: 'hidden' });

    await tab.hover();
    await page.clock.runFor(310);
    await menu.waitFor({ state: 'visible' });
    await menu.getByText('蓝海词', { exact: true }).click();
    await page.waitForURL('**/KeywordDouyinHot/blue');
    await menu.waitFor({ state: 'hidden' });
    // Within 500 ms of the click, hovering the tab again does not open the menu.
    await away();
    await tab.hover();
    await page.clock.runFor(400);
    await settle(page);
    expect(await menu.isVisible()).toBe(false);
    // After the lock the menu opens on hover as before.
    await page.clock.runFor(200);
    await away();
    await tab.hover();
    await page.clock.runFor(310);
    await menu.waitFor({ state: 'visible' });
    // The tab of the page the click led to is marked once that page has rendered.
    await expect.poll(() => tab.getAttribute('class')).toContain('is-active');
    await context.close();
  });

  it('lists every creator, AI and monitoring entry, without the old dashboard when its flag is off', async () => {
    const { page, context } = await openHome();
    const expected = {
      creator: ['达人库', '找对标', '选题素材库', '视频选题', '图文选题', '低粉爆款'],
      ai: ['AI创作', 'AI写作', 'AI文案', 'AI图文', 'AI选词', '关键词思维导图', 'AI直播复盘', 'AI问答与提取'],
      monitor: ['作品排名监控', '关键词排名监控'],
    };
    for (const [tab, names] of Object.entries(expected)) {
      await page.getByTestId(`header-tab-${tab}`).hover();
      const menu = page.getByTestId(`header-menu-${tab}`);
      await menu.waitFor({ state: 'visible' });
      for (const name of names) expect(await menu.getByText(name, { exact: true }).count()).toBe(1);
      if (tab === 'monitor') expect(await menu.getByText('数据看板（旧版）').count()).toBe(0);
    }
    await context.close();
  });

  it('sends a visitor who picks a login-needed menu entry to login and keeps the entry for after', async () => {
    const { page, context } = await openHome();
    await page.getByTestId('header-tab-ai').hover();
    const menu = page.getByTestId('header-menu-ai');
    await menu.getByText('AI选词', { exact: true }).click();
    // The login dialog shows the click was handled: the entry is kept for after, and the page has not moved.
    await page.locator('.dso-login-dialog').getByRole('tab', { name: '微信扫码登录' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await sessionValue(page, 'logOutPath')).toBe('/keyWordSeo');
    await context.close();
  });

  it('switches the header search placeholder by type and stops the input at 20 characters', async () => {
    const { page, context } = await openHome();
    const search = page.getByTestId('header-search');
    const input = search.getByPlaceholder('请输入关键词');
    await input.waitFor();
    await chooseSearchType(page, '达人', '请输入达人名称');
    await chooseSearchType(page, '视频', '请输入视频名称');
    const videoInput = search.getByPlaceholder('请输入视频名称');
    await videoInput.click();
    await page.keyboard.type('abcdefghijklmnopqrstuvwxyz');
    expect(await videoInput.inputValue()).toBe('abcdefghijklmnopqrst');

    await videoInput.fill('  露营  ');
    await videoInput.blur();
    expect(await videoInput.inputValue()).toBe('露营');
    await context.close();
  });

  it('does nothing on an empty header search', async () => {
    const { page, context } = await openHome();
    const search = page.getByTestId('header-search');
    const input = search.getByPlaceholder('请输入关键词');
    await page.evaluate(() => sessionStorage.setItem('logOutPath', 'untouched'));
    await input.fill('   ');
    await input.press('Enter');
    await search.getByRole('button', { name: '搜索' }).click();
    // Pressing the button took the focus from the field, which trimmed it: the page has handled the press. A
    // search by a visitor keeps itself and asks the dialogs store for the login dialog in that very handler.
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await openDialogNames(page)).toEqual([]);
    expect(pathOf(page)).toBe('/');
    expect(await sessionValue(page, 'logOutPath')).toBe('untouched');
    await context.close();
  });

  it('asks a visitor to log in before a header search and keeps the search for after', async () => {
    const { page, context } = await openHome();
    const search = page.getByTestId('header-search');
    await search.getByPlaceholder('请输入关键词').fill('露营');
    await search.getByPlaceholder('请输入关键词').press('Enter');
    // The login dialog opens over the header instead of the search page; close it before the second search.
    const loginDialog = page.getByText('登录后查看完整数据');
    await loginDialog.waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await sessionValue(page, 'logOutPath')).toBe(
      `/KeywordDouyin/searchWord?keyword=${encodeURIComponent('露营')}`,
    );
    await page.keyboard.press('Escape');
    await loginDialog.waitFor({ state: 'hidden' });

    await chooseSearchType(page, '达人', '请输入达人名称');
    await search.getByPlaceholder('请输入达人名称').fill('美食');
    await search.getByRole('button', { name: '搜索' }).click();
    expect(await sessionValue(page, 'logOutPath')).toBe(`/personListLibrary?keyword=${encodeURIComponent('美食')}`);
    await context.close();
  });

  it('asks a visitor to log in before a home search and keeps the platform’s search page', async () => {
    const { page, context } = await openHome();
    const home = page.getByTestId('home-search');
    await home.getByRole('tab', { name: /小红书/ }).click();
    await home.getByLabel('关键词').fill('护肤');
    await home.getByRole('button', { name: '搜索', exact: true }).click();
    expect(pathOf(page)).toBe('/');
    expect(await sessionValue(page, 'logOutPath')).toBe(`/KeywordXhs/searchWord?keyword=${encodeURIComponent('护肤')}`);
    await context.close();
  });

  it('hides the footer on /pay and /setting and shows it elsewhere', async () => {
    const visitor = await openHome();
    await visitor.page.getByTestId('app-footer').waitFor();
    await visitor.page.goto(`${server.url}/pay`);
    await visitor.page.getByTestId('pay-box').waitFor();
    expect(await visitor.page.getByTestId('app-footer').count()).toBe(0);
    await visitor.page.goto(`${server.url}/about`);
    await visitor.page.getByTestId('app-footer').waitFor();
    await visitor.context.close();

    // /setting needs login; with a token the guard lets the page open (the user-info answer does not matter).
    const member = await openPage(browser);
    await member.context.addInitScript(() => window.localStorage.setItem('token', 'x'));
    await member.page.goto(`${server.url}/setting`);
    await member.page.getByTestId('setting-page').waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/setting');
    expect(await member.page.getByTestId('app-footer').count()).toBe(0);
    await member.context.close();
  });

  it('shows the friend links five per row', async () => {
    const { page, context, errors } = await openHome();
    const links = page.getByTestId('friend-links').locator('li');
    await links.first().waitFor();
    const boxes = await links.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()));
    expect(boxes.length).toBe(10);
    const rows = [...new Set(boxes.map((box) => Math.round(box.top)))];
    expect(rows.length).toBe(2);
    expect(boxes.filter((box) => Math.round(box.top) === rows[0]).length).toBe(5);
    expect(Math.round(boxes[5]?.left ?? 0)).toBe(Math.round(boxes[0]?.left ?? -1));
    await page.getByTestId('app-footer').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, 'layout-footer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes the home banner and keeps it closed after a reload', async () => {
    const { page, context } = await openHome();
    const banner = page.getByTestId('home-banner');
    await banner.waitFor();
    await banner.getByRole('button', { name: '关闭' }).click();
    expect(await banner.count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('header-search').waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('shows the home banner on the home page only', async () => {
    const { page, context } = await openHome();
    await page.getByTestId('home-banner').waitFor();
    await page.goto(`${server.url}/about`);
    await page.getByText('关于 DSO').waitFor();
    expect(await page.getByTestId('home-banner').count()).toBe(0);
    await context.close();
  });

  it('shows the keyword breadcrumb with the platform library and the keyword', async () => {
    const member = await openPage(browser);
    await member.context.addInitScript(() => window.localStorage.setItem('token', 'x'));
    await member.page.goto(`${server.url}/RsoKeyWordDetail?keyword=${encodeURIComponent('防晒')}`);
    const crumb = member.page.getByTestId('keyword-breadcrumb');
    await crumb.waitFor();
    expect(((await crumb.textContent()) ?? '').replace(/\s+/g, '')).toBe('首页/小红书关键词库/关键词详情：防晒');
    expect(await crumb.getByRole('link', { name: '小红书关键词库' }).getAttribute('href')).toBe(
      '/KeywordXhs/searchWord',
    );
    await member.context.close();
  });

  it('gives a free member the privileges button and the account panel', async () => {
    const { page, context, errors } = await openAsMember('FREE', 0);
    await page.getByRole('button', { name: /会员权益/ }).waitFor();
    expect(await page.getByTestId('plan-badge').count()).toBe(0);
    await page.getByTestId('header-avatar').hover();
    const panel = page.getByTestId('user-panel');
    await panel.waitFor();
    const names = [
      '免费版',
      '关键词监控',
      '我的收藏',
      '个人中心',
      '我的订单',
      '修改手机号',
      '修改密码',
      '联系客服',
      '退出登录',
    ];
    for (const name of names) {
      expect(await panel.getByText(name).count()).toBeGreaterThan(0);
    }
    await panel.getByText('联系客服').click();
    const dialog = page.getByTestId('contact-dialog');
    // The support chat's QR and phone are the operator's, as the server is configured (SITE_*).
    await dialog.locator('.contact-qr svg').waitFor();
    expect(await dialog.textContent()).toContain('0571-88888888');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a paid member a plan badge and the expiry in the account panel', async () => {
    const { page, context } = await openAsMember('SVIP', 120);
    await page.getByTestId('plan-badge').waitFor();
    expect(await page.getByTestId('plan-badge').textContent()).toContain('企业版');
    await page.getByTestId('header-avatar').hover();
    const panel = page.getByTestId('user-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('2030-12-31 到期');
    // The personal-plan banner is not offered to someone who already pays.
    expect(await page.getByTestId('home-banner').count()).toBe(0);
    await whenStill(page);
    await screenshot(page, 'layout-user-panel');
    await panel.getByText('我的订单').click();
    await page.waitForURL('**/setting?type=first');
    await context.close();
  });
});
