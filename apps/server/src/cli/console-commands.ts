import {
  consoleStaffCreateBodySchema,
  consoleStaffDisableBodySchema,
  consoleStaffResetPasswordBodySchema,
} from '@dso/contract';
import type { Database } from '../db/client';
import { createStaff, disableStaff, findStaffIdByPhone, listStaff, resetStaffPassword } from '../features/console';
import {
  CliError,
  checked,
  type FlagOptions,
  type Print,
  parseFlags,
  printRows,
  refusingAsCli,
  stringFlags,
} from './cli-kit';

/**
 * `npm run console -- <command>`: staff accounts from the server's command line, for the first 管理员
 * and whenever the console cannot be reached. Each command parses the same contract schema as the
 * console's call and calls the same service function, audited with the actor 命令行.
 */

export const consoleUsage = `npm run console -- <command>

  staff:add --phone 13800000000 --name 张三 --role 管理员|财务|客服|数据 [--password P] [--reason 原因]
            (without --password it is asked for; 6-24 characters with digits, upper and lower case)
  staff:disable (--phone 13800000000 | --id N) [--reason 原因]
  staff:password (--phone 13800000000 | --id N) [--password P] [--reason 原因]
            (a new password; the account's sessions end; asked for when not given)
  staff:list
`;

/** Asks for a value the command line did not give (the password), without echoing it. */
export type Ask = (question: string) => Promise<string>;

const parse = (args: string[], options: FlagOptions) => parseFlags(args, options, consoleUsage);

export async function runConsoleCommand(db: Database, argv: string[], print: Print, ask: Ask): Promise<unknown> {
  const [command, ...args] = argv;
  return refusingAsCli(() => dispatch(db, command ?? '', args, print, ask));
}

async function dispatch(db: Database, command: string, args: string[], print: Print, ask: Ask): Promise<unknown> {
  switch (command) {
    case 'staff:add': {
      const values = parse(args, stringFlags('phone', 'name', 'role', 'password', 'reason'));
      const password = values.password ?? (await ask('密码：'));
      const body = checked(consoleStaffCreateBodySchema, {
        phone: values.phone,
        name: values.name,
        role: values.role,
        password,
        reason: values.reason ?? '命令行添加员工',
      });
      const staff = await createStaff(db, null, body);
      print(`已添加员工 #${staff.id} ${staff.name} ${staff.phone} ${staff.role}`);
      return staff;
    }
    case 'staff:disable': {
      const values = parse(args, stringFlags('phone', 'id', 'reason'));
      const id = await staffIdOf(db, values);
      const body = checked(consoleStaffDisableBodySchema, { id, reason: values.reason ?? '命令行停用员工' });
      const result = await disableStaff(db, null, { id: body.id, reason: body.reason, now: new Date() });
      print(`已停用员工 #${result.staff.id} ${result.staff.name}，结束会话 ${result.endedSessions} 个`);
      return result.staff;
    }
    case 'staff:password': {
      const values = parse(args, stringFlags('phone', 'id', 'password', 'reason'));
      const id = await staffIdOf(db, values);
      const password = values.password ?? (await ask('新密码：'));
      const body = checked(consoleStaffResetPasswordBodySchema, {
        id,
        password,
        reason: values.reason ?? '命令行重置密码',
      });
      const result = await resetStaffPassword(db, null, { ...body, now: new Date() });
      print(`已重置员工 #${body.id} 的密码，结束会话 ${result.endedSessions} 个`);
      return result;
    }
    case 'staff:list': {
      parse(args, {});
      return printRows(
        await listStaff(db),
        print,
        '（没有员工）',
        (member) =>
          `#${member.id} ${member.disabled ? '已停用' : '在用'} ${member.role} ${member.name} ${member.phone}`,
      );
    }
    default:
      throw new CliError(consoleUsage);
  }
}

/** The staff account `--phone` or `--id` names (exactly one of them). */
async function staffIdOf(db: Database, values: { phone?: string; id?: string }): Promise<number> {
  if ((values.phone === undefined) === (values.id === undefined)) {
    throw new CliError(`请用 --phone 或 --id 指定一个员工\n\n${consoleUsage}`);
  }
  const id = values.id !== undefined ? Number(values.id) : await findStaffIdByPhone(db, String(values.phone));
  if (id === null) throw new CliError('员工不存在');
  return id;
}
