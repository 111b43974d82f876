import { Code, FramePath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { createUser, loginAs } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { closeSession, hashToken, openSession } from './sessions.service';

describe('sessions', () => {
  const t = useTestApp();

  const limits = { maxSessionsPerUser: 3, sessionTtlMs: 86_400_000 };
  const friendLinks = (token: string) => t.request({ method: 'GET', url: FramePath.friendLinks, token });

  it('stores only the hash of a token', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('accepts a live token', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    expect((await friendLinks(token)).json().code).toBe(Code.OK);
  });

  it('kicks the oldest session when a fourth login opens, and tells it 803', async () => {
    const user = await createUser(t.database.db);
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++)
      tokens.push(await openSession(t.database.db, user.id, { ip: null, userAgent: null }, limits));
    const kicked = await friendLinks(tokens[0]!);
    expect(kicked.json()).toEqual({ code: Code.KICKED, msg: '您的账号登录数量超出限制，已被迫下线', data: null });
    for (const token of tokens.slice(1)) expect((await friendLinks(token)).json().code).toBe(Code.OK);
  });

  it('keeps at most the configured number of live sessions under concurrent logins', async () => {
    const user = await createUser(t.database.db);
    await Promise.all(
      Array.from({ length: 6 }, () => openSession(t.database.db, user.id, { ip: null, userAgent: null }, limits)),
    );
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.filter((row) => row.endedAt === null)).toHaveLength(3);
    expect(rows.filter((row) => row.endReason === 'kicked')).toHaveLength(3);
  });

  it('answers 800 for a logged-out token and for an unknown one', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.database.db, user.id);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    await closeSession(t.database.db, row!.id);
    expect((await friendLinks(token)).json()).toEqual({
      code: Code.TOKEN_INVALID,
      msg: '登录已失效，请重新登录',
      data: null,
    });
    expect((await friendLinks('made-up-token')).json().code).toBe(Code.TOKEN_INVALID);
  });

  it('answers 801 for an expired token', async () => {
    const user = await createUser(t.database.db);
    const token = await openSession(
      t.database.db,
      user.id,
      { ip: null, userAgent: null },
      { ...limits, sessionTtlMs: -1000 },
    );
    expect((await friendLinks(token)).json()).toEqual({
      code: Code.TOKEN_EXPIRED,
      msg: '登录已过期，请重新登录',
      data: null,
    });
  });

  it('lets a visitor without a token through', async () => {
    expect((await t.request({ method: 'GET', url: FramePath.friendLinks })).json().code).toBe(Code.OK);
  });
});
