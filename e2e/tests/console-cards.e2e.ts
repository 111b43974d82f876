import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toastOf } from '../support/accounts';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff, logInToConsole } from '../support/console';
import { signIn } from '../support/detail';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

interface Prepared {
  finance: JourneyStaff;
  member: JourneyAccount;
}

const BATCH = '渠道卡E2E';

describe('the operator’s console: a 财务 issues a card batch and a member redeems one', () => {
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startJourneyServer<Prepared>({
      prepare: async (db) => {
        const finance = await journeyStaff(db, '财务', '财务小周');
        return { finance, member: await journeyAccount(db) };
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('issues 3 旗舰版 cards, exports their CSV, a member redeems one, and the console shows who did', async () => {
    const { finance, member } = server.prepared;
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, finance, '/admin/marketing');

    // A 财务 has this page and not the users page.
    const menu = page.getByRole('menu');
    await menu.getByText('套餐与卡券').waitFor();
    expect(await menu.getByText('用户', { exact: true }).count()).toBe(0);
    await page.getByRole('tab', { name: '套餐' }).waitFor();
    await page.getByText('个人版（VIP）').first().waitFor();
    await screenshot(page, 'console-marketing-plans');

    await page.getByRole('tab', { name: '会员卡' }).click();
    await page.getByRole('button', { name: '生成会员卡' }).click();
    const dialog = page.getByRole('dialog', { name: '生成会员卡' });
    await whenSettled(dialog);
    await dialog.getByLabel('批次名称').fill(BATCH);
    await dialog.getByLabel('会员等级').click();
    await page.locator('.ant-select-dropdown').getByText('旗舰版（EVIP）').click();
    await dialog.getByLabel('天数').fill('90');
    await dialog.getByLabel('数量').fill('3');
    await dialog.getByLabel('操作原因').fill('渠道合作首批');
    await screenshot(page, 'console-marketing-card-dialog');
    await dialog.getByRole('button', { name: /生\s*成/ }).click();
    await toastOf(page, '会员卡已生成').waitFor();
    const row = page.getByRole('row').filter({ hasText: BATCH });
    await row.getByText(finance.name).waitFor();
    expect(await row.textContent()).toContain('旗舰版（EVIP）');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '导出CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`会员卡-${BATCH}.csv`);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(header).toBe('序号,卡密,等级,天数,状态,兑换手机号,兑换时间');
    const cards = lines.map((line) => line.split(','));
    expect(cards.map(([index, , grade, days, state]) => [index, grade, days, state])).toEqual([
      ['1', '旗舰版', '90', '未兑换'],
      ['2', '旗舰版', '90', '未兑换'],
      ['3', '旗舰版', '90', '未兑换'],
    ]);
    const code = cards[1]![1]!;
    expect(code).toMatch(/^[0-9A-Z]{10}$/);

    // The member redeems the second card where members do: the personal centre's 兑换会员卡.
    const memberPage = await openPage(browser);
    await signIn(memberPage.context, member.token);
    await memberPage.page.goto(`${server.url}/setting?type=first`);
    const account = memberPage.page.getByTestId('setting-account');
    await account.getByRole('button', { name: '兑换会员卡' }).click();
    const exchange = memberPage.page.getByTestId('card-exchange-dialog');
    await exchange.getByRole('textbox').fill(code);
    const reloaded = memberPage.page.waitForEvent('load');
    await memberPage.page
      .locator('.ant-modal')
      .filter({ has: exchange })
      .getByRole('button', { name: /兑\s*换/ })
      .click();
    await toastOf(memberPage.page, '兑换成功').waitFor();
    await reloaded;
    await account.getByText('旗舰版').waitFor();
    await account.getByText(/剩余 (89|90) 天/).waitFor();
    await screenshot(memberPage.page, 'console-cards-member-redeemed');
    expect(memberPage.errors).toEqual([]);
    await memberPage.context.close();

    // Back in the console, the batch counts one redemption and the card names the member.
    await page.reload();
    await page.getByRole('tab', { name: '会员卡' }).click();
    await row.getByRole('button', { name: /展开行|Expand row/ }).click();
    const card = page.getByRole('row').filter({ hasText: code });
    await card.getByText('已兑换').waitFor();
    await card.getByText(member.phone).waitFor();
    // Its cells: expand, 批次, 等级, 天数, 面值, 兑换截止, 数量, 已兑换.
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('1');
    await screenshot(page, 'console-marketing-cards');
    expect(errors).toEqual([]);
    await context.close();
  });
});
