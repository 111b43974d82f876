import { maskPhone } from '@dso/domain';
import type { Database } from '@dso/server/db';
import { type CodeReads, codeReads } from './accounts';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

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
  const server = await startJourneyServer({
    prepare: async (db) => ({
      parent: await member(db, 'SVIP'),
      child: await member(db, 'FREE'),
      closer: await member(db, 'VIP'),
    }),
  });
  const { latestSmsCode, latestCaptchaTarget } = codeReads({ db: server.db });
  return { url: server.url, ...server.prepared, latestSmsCode, latestCaptchaTarget, close: server.close };
}

async function member(db: Database, grade: string): Promise<Member> {
  const { token, phone } = await journeyAccount(db, grade);
  return { token, phone, maskedPhone: maskPhone(phone) };
}
