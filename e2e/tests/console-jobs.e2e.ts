import { queryRows } from '@dso/server/db';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff, logInToConsole } from '../support/console';
import { type JourneyServer, startJourneyServer } from '../support/server';

interface Prepared {
  staff: JourneyStaff;
  /** A second account: the SMS code goes to a phone once a minute. */
  admin: JourneyStaff;
  importId: number;
}

const csv = [
  'platform,country,keyword,search_index,as_of',
  'DSO,,露营装备推荐,52000,2026-11-20',
  'DSO,,,100,2026-11-20',
].join('\n');

describe('the operator’s console: a 数据 staff member retries a failed job', () => {
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startJourneyServer<Prepared>({
      worker: 'start',
      prepare: async (db) => {
        const staff = await journeyStaff(db, '数据', '数据小陈');
        const admin = await journeyStaff(db, '管理员', '管理员小吴');
        // An upload whose file was lost before its job ran: the worker fails the job, for good, at its first try.
        const [upload] = await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO keyword_imports (source, format, status) VALUES ('露营词表.csv', 'csv', 'queued') RETURNING id`,
        );
        const importId = Number(upload!.id);
        await db.execute(
          sql`INSERT INTO jobs (kind, payload, max_attempts)
              VALUES ('keywords.import', ${JSON.stringify({ importId })}::jsonb, 3)`,
        );
        return {
          staff,
          admin,
          importId,
        };
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const importOutcome = async () =>
    (
      await queryRows(
        server.db,
        sql`SELECT status, inserted_rows, error_rows FROM keyword_imports WHERE id = ${server.prepared.importId}`,
      )
    )[0];

  it('sees the failed job with its error in 任务队列, retries it with a reason once the file is back, and sees it done', async () => {
    const { staff, importId } = server.prepared;
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, staff, '/admin/data');
    await page.getByRole('menu').getByText('数据').waitFor();
    await page.getByRole('tab', { name: '任务队列' }).click();

    // The worker fails the job; the page, looking again every few seconds, lists it under 失败 with its error.
    const failedRow = page.getByRole('row').filter({ hasText: `import ${importId} has no file` });
    await failedRow.waitFor({ timeout: 30_000 });
    await failedRow.getByText('失败').waitFor();
    await failedRow.getByText('keywords.import').waitFor();
    await screenshot(page, 'console-jobs-failed');

    // The data team puts the file back, then retries the job with a reason.
    await server.db.execute(sql`UPDATE keyword_imports SET file = convert_to(${csv}, 'UTF8') WHERE id = ${importId}`);
    await failedRow.getByRole('button', { name: /重\s*试/ }).click();
    const dialog = page.getByRole('dialog', { name: '重试任务' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('已从备份恢复导入文件');
    await dialog.getByRole('button', { name: '确认重试' }).click();
    await page.getByText('任务已重新排队').waitFor();
    await failedRow.waitFor({ state: 'detached' });

    // Jobs of that kind in every state: the job ran again and is done.
    await page.getByRole('button', { name: 'keywords.import' }).click();
    await page.getByText('类型：keywords.import').waitFor();
    await page.getByText('全部', { exact: true }).click();
    const doneRow = page.getByRole('row').filter({ hasText: 'keywords.import' }).filter({ hasText: '已完成' });
    await doneRow.waitFor({ timeout: 30_000 });
    // Its attempts counted from nought again: this was the first of the retry.
    await doneRow.getByText('1/3').waitFor();
    await screenshot(page, 'console-jobs-done');
    expect(await importOutcome()).toMatchObject({ status: 'done', inserted_rows: 1, error_rows: 1 });
    const audit = await queryRows(
      server.db,
      sql`SELECT staff_name, action, reason FROM console_audit_log WHERE action = 'job.retry'`,
    );
    expect(audit).toEqual([{ staff_name: '数据小陈', action: 'job.retry', reason: '已从备份恢复导入文件' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an 管理员 uploads a keyword file with a reason and reads the report of each refused row, then sees the derive it queued', async () => {
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, server.prepared.admin, '/admin/data');
    await page.getByRole('button', { name: '导入文件' }).click();
    const dialog = page.getByRole('dialog', { name: '导入文件' });
    await whenSettled(dialog);
    await dialog.getByTestId('console-import-file').setInputFiles({
      name: '户外词表.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.replace('露营装备推荐', '户外炉具').replace('DSO,', 'BSO,')),
    });
    await dialog.getByText('户外词表.csv').waitFor();
    await dialog.getByLabel('操作原因').fill('补充户外类目');
    await dialog.getByRole('button', { name: /上\s*传/ }).click();
    const report = page.locator('.ant-card').filter({ hasText: '导入报告' });
    await report.getByText('已完成').waitFor({ timeout: 30_000 });
    await report.getByRole('row').filter({ hasText: '关键词不能为空' }).getByText('3', { exact: true }).waitFor();
    await screenshot(page, 'console-data-import');

    await page.getByRole('tab', { name: '派生任务' }).click();
    await page.getByRole('row').filter({ hasText: 'BSO' }).filter({ hasText: '已完成' }).waitFor({ timeout: 30_000 });
    // The tab's content fades in: photograph it once the page runs no animation.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await screenshot(page, 'console-data-derive');
    expect(errors).toEqual([]);
    await context.close();
  });
});
