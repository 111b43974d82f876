import { AccountPath, Code } from '@dso/contract';
import { STAFF_PASSWORD } from '@dso/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReads } from '../support/accounts';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff } from '../support/console';
import { memberEnvelope } from '../support/member-call';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

interface Prepared {
  agent: JourneyStaff;
  member: JourneyAccount;
}

describe('the operator’s console: a 客服 logs in and ends a member’s session', () => {
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startJourneyServer<Prepared>({
      prepare: async (db) => {
        const agent = await journeyStaff(db, '客服', '客服小李');
        return { agent, member: await journeyAccount(db, 'SVIP') };
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed call of the member's, over HTTP, as the web client makes it: the envelope's code. */
  const memberCallCode = async () =>
    (await memberEnvelope(server, server.prepared.member.token, 'GET', AccountPath.userInfo)).code;

  it('logs in with password and SMS code, finds the member by phone, ends the session; the member’s next call is refused', async () => {
    const { agent, member } = server.prepared;
    expect(await memberCallCode()).toBe(Code.OK);
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/admin/users`);

    await page.getByText('仅限员工使用，会员账号无法登录。').waitFor();
    await page.getByLabel('手机号').fill(agent.phone);
    await page.getByLabel('密码').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText(/验证码已发送至 \d{3}\*{4}\d{4}/).waitFor();
    await page.getByLabel('短信验证码').fill(await codeReads(server).latestSmsCode(agent.phone));
    await page.getByRole('button', { name: '登 录', exact: true }).click();

    // The menu shows what a 客服 may use, and nothing of 员工 or 审计日志.
    const menu = page.getByRole('menu');
    await menu.getByText('用户').waitFor();
    expect(await menu.getByText('员工').count()).toBe(0);
    expect(await menu.getByText('审计日志').count()).toBe(0);
    await page.getByText(agent.name).waitFor();

    await page.getByPlaceholder('手机号 / 用户ID / 订单号').fill(member.phone);
    await page.getByRole('button', { name: /查\s*找/ }).click();
    await page.getByText(`用户 ${member.phone}`).waitFor();
    await page.getByText('企业版（SVIP）').first().waitFor();
    // Staff's own app: none of the members' login bar or upgrade pendant over it.
    expect(await page.getByRole('button', { name: '立即登录' }).count()).toBe(0);
    await screenshot(page, 'console-users');

    await page.getByRole('tab', { name: '会话（1）' }).click();
    await page.getByRole('button', { name: '结束会话' }).click();
    const dialog = page.getByRole('dialog', { name: '结束会话' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('用户来电反映账号被盗');
    await dialog.getByRole('button', { name: '确认结束' }).click();
    await page.getByText('已结束 · 后台结束').waitFor();
    await screenshot(page, 'console-users-session-ended');

    expect(await memberCallCode()).toBe(Code.TOKEN_INVALID);
    expect(errors).toEqual([]);
    await context.close();
  });
});
