import { maskPhone } from '@dso/domain';
import { buildApp } from '@dso/server';
import { createTestDatabase, createUser, loginAs } from '@dso/server/testing';
import { type CodeReads, codeReads } from './accounts';
import { journeyConfig, type RunningServer } from './server';

interface Member {
  token: string;
  phone: string;
  /** The phone as the centre shows it (138****5678). */
  maskedPhone: string;
}

export interface SettingServer extends RunningServer, CodeReads {
  /** An SVIP user: 3 child-account seats. */
  parent: Member;
  /** A FREE user the parent invites by phone. */
  child: Member;
  /** A VIP user who closes their account (注销账号). */
  closer: Member;
}

/**
 * The real server with the built web app, an SVIP parent, a FREE user to invite and a VIP user who
 * closes their account, each signed in, and the sandbox's SMS codes and captcha answers.
 */
export async function startSettingServer(): Promise<SettingServer> {
  const database = await createTestDatabase();
  const member = async (grade: string): Promise<Member> => {
    const user = await createUser(database.db, { grade });
    return { token: await loginAs(database.db, user.id), phone: user.phone, maskedPhone: maskPhone(user.phone) };
  };
  const parent = await member('SVIP');
  const child = await member('FREE');
  const closer = await member('VIP');
  const app = await buildApp({ config: journeyConfig(), database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { latestSmsCode, latestCaptchaTarget } = codeReads(database);
  return {
    url: address,
    parent,
    child,
    closer,
    latestSmsCode,
    latestCaptchaTarget,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
