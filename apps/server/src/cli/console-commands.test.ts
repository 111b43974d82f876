import type { ConsoleStaff } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { consoleAuditLog, staffAccounts, staffSessions } from '../db/schema';
import { staffCookie } from '../features/console/console.testing';
import { createTestDatabase, nextPhone } from '../testing';
import { CliError } from './cli-kit';
import { runConsoleCommand } from './console-commands';

describe('npm run console', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  const noAsk = async () => {
    throw new Error('asked for a password the command line gave');
  };
  const run = async <T>(line: string[], ask: (question: string) => Promise<string> = noAsk) => {
    const printed: string[] = [];
    const data = (await runConsoleCommand(handle.db, line, (text) => printed.push(text), ask)) as T;
    return { printed, data };
  };
  const refusal = async (line: string[]) => {
    const error = await runConsoleCommand(handle.db, line, () => undefined, noAsk).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };
  /** `staff:add` with every flag given: the new account and its phone. */
  const addStaff = async (name: string, role: string, password: string) => {
    const phone = nextPhone();
    const { data } = await run<ConsoleStaff>([
      'staff:add',
      '--phone',
      phone,
      '--name',
      name,
      '--role',
      role,
      '--password',
      password,
    ]);
    return { phone, data };
  };
  const auditOf = (subject: string) =>
    handle.db.select().from(consoleAuditLog).where(eq(consoleAuditLog.subject, subject));

  it('adds a staff member with the password given, audited as 命令行, and lists them', async () => {
    const phone = nextPhone();
    const { printed, data } = await run<ConsoleStaff>([
      'staff:add',
      '--phone',
      phone,
      '--name',
      '王管理',
      '--role',
      '管理员',
      '--password',
      'Admin2026',
    ]);
    expect(data).toMatchObject({ phone, name: '王管理', role: '管理员', disabled: false });
    expect(printed).toEqual([`已添加员工 #${data.id} 王管理 ${phone} 管理员`]);
    const [row] = await handle.db.select().from(staffAccounts).where(eq(staffAccounts.phone, phone));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditOf(`staff:${data.id}`)).toEqual([
      expect.objectContaining({ staffId: null, staffName: '命令行', action: 'staff.create', reason: '命令行添加员工' }),
    ]);
    const listed = await run<ConsoleStaff[]>(['staff:list']);
    expect(listed.printed).toContain(`#${data.id} 在用 管理员 王管理 ${phone}`);
  });

  it('asks for the password when the command line has none', async () => {
    const questions: string[] = [];
    const { data } = await run<ConsoleStaff>(
      ['staff:add', '--phone', nextPhone(), '--name', '李客服', '--role', '客服', '--reason', '新同事'],
      async (question) => {
        questions.push(question);
        return 'Service2026';
      },
    );
    expect(questions).toEqual(['密码：']);
    expect(data.role).toBe('客服');
    const [entry] = await auditOf(`staff:${data.id}`);
    expect(entry?.reason).toBe('新同事');
  });

  it('refuses a bad role, a weak password and a phone already taken, in the console’s words', async () => {
    const phone = nextPhone();
    expect(
      await refusal(['staff:add', '--phone', phone, '--name', '张', '--role', '老板', '--password', 'Admin2026']),
    ).toBe('role: 请选择角色');
    expect(await refusal(['staff:add', '--phone', phone, '--name', '张', '--role', '数据', '--password', '123'])).toBe(
      'password: 密码需要6-24位数字、大小写字母组合',
    );
    await run(['staff:add', '--phone', phone, '--name', '张', '--role', '数据', '--password', 'Data2026x']);
    expect(
      await refusal(['staff:add', '--phone', phone, '--name', '张', '--role', '数据', '--password', 'Data2026x']),
    ).toBe('该手机号已是员工账号');
  });

  it('disables by phone or id, ending the sessions, and refuses a second disable', async () => {
    const { phone, data } = await addStaff('赵财务', '财务', 'Money2026');
    await staffCookie(handle.db, data.id);
    const { printed } = await run(['staff:disable', '--phone', phone, '--reason', '离职']);
    expect(printed).toEqual([`已停用员工 #${data.id} 赵财务，结束会话 1 个`]);
    const sessions = await handle.db.select().from(staffSessions).where(eq(staffSessions.staffId, data.id));
    expect(sessions.map((row) => row.endReason)).toEqual(['disabled']);
    expect(await refusal(['staff:disable', '--id', String(data.id)])).toBe('该员工账号已停用');
    expect(await refusal(['staff:disable', '--phone', nextPhone()])).toBe('员工不存在');
    expect(await refusal(['staff:disable'])).toMatch(/^请用 --phone 或 --id 指定一个员工/);
    const listed = await run(['staff:list']);
    expect(listed.printed).toContain(`#${data.id} 已停用 财务 赵财务 ${phone}`);
  });

  it('resets a password (given or asked for), ending the sessions, audited as 命令行', async () => {
    const { phone, data } = await addStaff('钱管理', '管理员', 'Admin2026');
    await staffCookie(handle.db, data.id);
    const hashOf = async () =>
      (await handle.db.select().from(staffAccounts).where(eq(staffAccounts.id, data.id)))[0]!.passwordHash;
    const before = await hashOf();

    const questions: string[] = [];
    const { printed } = await run(['staff:password', '--phone', phone], async (question) => {
      questions.push(question);
      return 'Forgot2026';
    });
    expect(questions).toEqual(['新密码：']);
    expect(printed).toEqual([`已重置员工 #${data.id} 的密码，结束会话 1 个`]);
    expect(await hashOf()).not.toBe(before);
    const sessions = await handle.db.select().from(staffSessions).where(eq(staffSessions.staffId, data.id));
    expect(sessions.map((row) => row.endReason)).toEqual(['password']);
    expect((await auditOf(`staff:${data.id}`)).map((entry) => [entry.staffName, entry.action, entry.reason])).toEqual([
      ['命令行', 'staff.create', '命令行添加员工'],
      ['命令行', 'staff.reset_password', '命令行重置密码'],
    ]);
    expect(await refusal(['staff:password', '--id', String(data.id), '--password', 'weak'])).toBe(
      'password: 密码需要6-24位数字、大小写字母组合',
    );
    expect(await refusal(['staff:password', '--phone', nextPhone(), '--password', 'Forgot2026'])).toBe('员工不存在');
  });

  it('prints the usage for an unknown command or flag', async () => {
    expect(await refusal(['staff:remove'])).toMatch(/^npm run console -- <command>/);
    expect(await refusal(['staff:list', '--all'])).toMatch(/Unknown option '--all'/);
  });
});
