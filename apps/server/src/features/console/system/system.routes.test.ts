import { readFileSync } from 'node:fs';
import { Code, type ConsoleSystem, ConsoleSystemPath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '../../../config';
import { useTestApp } from '../../../testing/route-suite';
import { consoleCalls, staffWithCookie } from '../console.testing';

const journal = JSON.parse(
  readFileSync(new URL('../../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: Array<{ tag: string }> };
const serverVersion = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };

describe('console system page', () => {
  // Two services live, a secret of its own, the site registered and a commit: what the page must reflect.
  const t = useTestApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '127.0.0.1',
      REQUEST_LIMITS: 'false',
      INVOICE_PROVIDER: 'manual',
      NOTIFICATION_PROVIDER: 'wecom',
      TOKEN_ENCRYPTION_KEY: 'k7Qm2xV9pL4rT8wZ1nB6',
      SITE_ICP: '京ICP备00000000号',
      SITE_COMPANY_NAME: '示例科技有限公司',
      GIT_COMMIT: '3be0b9f',
    }),
  });
  const { get } = consoleCalls(t);
  const read = (cookie?: string) => get(ConsoleSystemPath.system, cookie);

  it('shows 管理员 each service’s provider, live where the configuration says so', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const answer = await read(admin.cookie);
    expect(answer.code).toBe(Code.OK);
    const system = answer.data as ConsoleSystem;
    expect(system).toMatchObject({
      env: 'test',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: serverVersion,
      commit: '3be0b9f',
    });
    const byVariable = new Map(system.services.map((service) => [service.variable, service]));
    expect(byVariable.get('INVOICE_PROVIDER')).toEqual({
      variable: 'INVOICE_PROVIDER',
      label: '发票',
      provider: 'manual',
      sandbox: false,
    });
    expect(byVariable.get('NOTIFICATION_PROVIDER')).toMatchObject({
      label: '企业微信',
      provider: 'wecom',
      sandbox: false,
    });
    expect(byVariable.get('SMS_PROVIDER')).toMatchObject({ label: '短信', provider: 'sandbox', sandbox: true });
    // Every variable that picks a provider is on the page, except PAY_PROVIDER, which nothing reads.
    const providerVariables = Object.keys(envSchema.shape).filter((name) => name.endsWith('_PROVIDER'));
    expect([...byVariable.keys()].sort()).toEqual(providerVariables.filter((name) => name !== 'PAY_PROVIDER').sort());
  });

  it('lists the checks a production start refuses, each as this configuration fares', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const { checks } = (await read(admin.cookie)).data as ConsoleSystem;
    const passed = (variable: string) => checks.find((check) => check.variable === variable)?.passed;
    expect(passed('INVOICE_PROVIDER')).toBe(true);
    expect(passed('SMS_PROVIDER')).toBe(false);
    expect(passed('TOKEN_ENCRYPTION_KEY')).toBe(true);
    expect(passed('DCC_SHARED_SECRET')).toBe(false);
    expect(passed('SITE_ICP')).toBe(true);
    expect(checks.find((check) => check.variable === 'SMS_PROVIDER')?.problem).toBe(
      'SMS_PROVIDER: 生产环境不能使用沙箱服务（sandbox），请配置真实服务商',
    );
    // The same list a production start refuses on: its failing checks are the start-up error's lines.
    let refused: string[] = [];
    try {
      loadConfig({ NODE_ENV: 'production', INVOICE_PROVIDER: 'manual', NOTIFICATION_PROVIDER: 'wecom' });
    } catch (error) {
      refused = (error as { problems: string[] }).problems;
    }
    expect(refused).toContain('SMS_PROVIDER: 生产环境不能使用沙箱服务（sandbox），请配置真实服务商');
    expect(refused.some((problem) => problem.startsWith('INVOICE_PROVIDER'))).toBe(false);
  });

  it('lists the journal’s migrations with whether the database applied each', async () => {
    const admin = await staffWithCookie(t.db(), '管理员');
    const before = (await read(admin.cookie)).data as ConsoleSystem;
    expect(before.migrations.map((migration) => migration.tag)).toEqual(journal.entries.map((entry) => entry.tag));
    expect(before.migrations.every((migration) => migration.applied)).toBe(true);
    expect(before.unknown_migrations).toBe(0);

    // The suite's own database: forget the latest migration and record one this version does not know.
    await t.db().execute(sql`DELETE FROM drizzle.__drizzle_migrations
      WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`);
    await t.db().execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('future', 1)`);
    const after = (await read(admin.cookie)).data as ConsoleSystem;
    expect(after.migrations.filter((migration) => !migration.applied).map((migration) => migration.tag)).toEqual([
      journal.entries.at(-1)!.tag,
    ]);
    expect(after.unknown_migrations).toBe(1);
  });

  it.each(['财务', '客服', '数据'] as const)('refuses %s with 403', async (role) => {
    const staff = await staffWithCookie(t.db(), role);
    expect(await read(staff.cookie)).toEqual(forbidden);
  });

  it('refuses a member 403 and a visitor 800', async () => {
    const member = await t.account();
    const asMember = await t.request({ method: 'GET', url: ConsoleSystemPath.system, token: member.token });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(forbidden);
    expect(await read()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
  });
});
