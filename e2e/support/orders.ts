import type { Database } from '@dso/server/db';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './browser';
import { type RunningServer, startJourneyServer } from './server';

export interface OrdersServer extends RunningServer {
  db: Database;
  /** A new account of `grade` with a session token (for `signIn`). */
  account(grade?: string): Promise<{ id: number; phone: string; token: string }>;
}

/** The real server with the built web app, paying through the sandbox cashier (the default). */
export async function startOrdersServer(): Promise<OrdersServer> {
  // Invoices are issued by a job, as on a running installation.
  const { url, db, account, close } = await startJourneyServer({ worker: 'start' });
  return { url, db, account, close };
}

/** The text a pay QR on the page encodes (the components expose it beside the drawing). */
export async function qrTextOf(page: Page, testId: string): Promise<string> {
  const handle = await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-qr-text') || null,
    testId,
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Opens what a pay QR encodes in a new tab of the buyer's browser (the Alipay pay page sends it on to
 * the sandbox cashier; the WeChat code_url is the cashier), which acts for the signed-in owner only,
 * and presses 支付 or 取消.
 */
export async function scanAndPress(
  buyer: BrowserContext,
  qrText: string,
  button: '支付' | '取消',
  options: { screenshot?: string } = {},
) {
  const page = await buyer.newPage();
  await page.goto(qrText);
  const press = page.getByRole('button', { name: button, exact: true });
  await press.waitFor();
  if (options.screenshot) await screenshot(page, options.screenshot);
  await press.click();
  await page.getByRole('heading', { name: button === '支付' ? '支付成功' : '已取消支付' }).waitFor();
  await page.close();
}
