import type { Database } from '@dso/server/db';
import { createStaffAccount, STAFF_PASSWORD } from '@dso/server/testing';
import type { Page } from 'playwright-core';
import { codeReads } from './accounts';

/** A staff account as a journey keeps it for {@link logInToConsole}: its phone and name. */
export interface JourneyStaff {
  phone: string;
  name: string;
}

/** A staff account of `role` named `name`, written in a journey's `prepare`. */
export async function journeyStaff(
  db: Database,
  role: Parameters<typeof createStaffAccount>[1]['role'],
  name: string,
): Promise<JourneyStaff> {
  const staff = await createStaffAccount(db, { role, name });
  return { phone: staff.phone, name: staff.name };
}

/**
 * Logs a staff member into the operator's console as a person does: `path` under /admin shows the console's
 * login, then the password (every test staff account's {@link STAFF_PASSWORD}), then the SMS code from the
 * sandbox outbox; done once the staff member's name shows in the console's header.
 */
export async function logInToConsole(
  page: Page,
  server: { url: string; db: unknown },
  staff: JourneyStaff,
  path: string,
) {
  await page.goto(`${server.url}${path}`);
  await page.getByLabel('手机号').fill(staff.phone);
  await page.getByLabel('密码').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByText(/验证码已发送至/).waitFor();
  await page.getByLabel('短信验证码').fill(await codeReads(server).latestSmsCode(staff.phone));
  await page.getByRole('button', { name: '登 录', exact: true }).click();
  await page.getByText(staff.name).waitFor();
}
