import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AccountClosurePath, AccountPath, accountClosureMessages, Code, SubAccountPath } from '@dso/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closureHooks } from '../../../closure-hooks';
import {
  accountClosures,
  favourites,
  imageTextWorks,
  invoices,
  invoiceTitles,
  jobs,
  liveReplays,
  orders,
  paymentAgreements,
  publishingAccounts,
  searchHistory,
  sessions,
  smsOutbox,
  subAccountLinks,
  usageLedger,
  users,
  writingWorks,
} from '../../../db/schema';
import { createUser } from '../../../testing';
import { useTempDir } from '../../../testing/route-suite';
import { JobWorker } from '../../jobs';
import { ensurePermissionConfig } from '../../permissions';
import { fromIp, nextIp, sendAndReadCode, useAccountTestApp } from '../account.testing';
import { CLOSED_CHILD_PHONE } from '../sub-accounts';
import { fetchQr, pollResult, pressSandboxButton } from '../wechat/wechat.testing';
import { accountClosureJobHandlers } from './closure.job';
import { ACCOUNT_CLOSURE_ERASE_JOB } from './closure.service';

const DAY_MS = 86_400_000;

describe('注销账号', () => {
  const dataDir = useTempDir('dso-closure-');
  const t = useAccountTestApp(
    () => ({ config: { dataDir: dataDir() } }),
    (app) => ensurePermissionConfig(app.database.db),
  );
  const { db, get, account } = t;

  const post = async (url: string, body: unknown, token?: string, ip = nextIp()) =>
    (await t.request({ method: 'POST', url, body, headers: fromIp(ip), ...(token ? { token } : {}) })).json();

  /** Asks to close the account with a code really sent to its phone (or the one given). */
  const requestClosure = async (user: { phone: string; token: string }, code?: string) => {
    const ip = nextIp();
    const sent = await sendAndReadCode(t, { phone: user.phone, ip, type: 'CloseAccount', token: user.token });
    return post(AccountClosurePath.closeAccount, { code: code ?? sent }, user.token, ip);
  };

  const closureOf = async (userId: number) => {
    const rows = await db().select().from(accountClosures).where(eq(accountClosures.userId, userId));
    return rows.at(-1);
  };

  /** Moves the account's request (and its queued job) `days` into the past: the clock, without waiting. */
  const age = async (userId: number, days: number) => {
    const shift = sql`${days} * interval '1 day'`;
    const moved = await db()
      .update(accountClosures)
      .set({ requestedAt: sql`requested_at - ${shift}`, eraseAt: sql`erase_at - ${shift}` })
      .where(eq(accountClosures.userId, userId))
      .returning({ id: accountClosures.id });
    for (const { id } of moved) {
      await db()
        .update(jobs)
        .set({ runAfter: sql`run_after - ${shift}` })
        .where(and(eq(jobs.kind, ACCOUNT_CLOSURE_ERASE_JOB), eq(jobs.singletonKey, `closure:${id}`)));
    }
  };

  const runErasures = () =>
    new JobWorker(
      db(),
      accountClosureJobHandlers({ providers: t.app.providers, dataDir: dataDir(), hooks: closureHooks }),
      {
        backoffMs: () => 0,
      },
    ).drain();

  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it('refuses a wrong code and leaves the account as it was', async () => {
    const user = await account();
    const answer = await requestClosure(user, '000000');
    expect(answer).toMatchObject({ code: Code.TOAST, msg: '验证码错误' });
    expect(await closureOf(user.id)).toBeUndefined();
    expect((await get(AccountPath.userInfo, user.token)).code).toBe(Code.OK);
  });

  it('sends the closing code only to the account’s own phone', async () => {
    const user = await account();
    const other = await createUser(db());
    const answer = await (async () => {
      const ip = nextIp();
      const { solveCaptcha } = await import('../account.testing');
      const captcha = await solveCaptcha(t, ip);
      return post(AccountPath.send, { phone: other.phone, type: 'CloseAccount', ...captcha }, user.token, ip);
    })();
    expect(answer).toMatchObject({ code: Code.TOAST, msg: '验证码只能发送到当前账号的手机号' });
  });

  it('records the request, logs the account out and names the day of the erasure', async () => {
    const user = await account();
    const before = Date.now();
    const answer = await requestClosure(user);
    expect(answer).toMatchObject({ code: Code.OK, msg: accountClosureMessages.requested });
    const { requested_at: requestedAt, erase_at: eraseAt } = answer.data;
    expect(requestedAt * 1000).toBeGreaterThanOrEqual(before - 1000);
    expect(eraseAt - requestedAt).toBe(15 * 86_400);
    expect(await closureOf(user.id)).toMatchObject({ status: 'pending' });
    expect((await get(AccountPath.userInfo, user.token)).code).toBe(Code.TOKEN_INVALID);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `closure:${(await closureOf(user.id))!.id}`));
    expect(Math.floor(job!.runAfter.getTime() / 1000)).toBe(eraseAt);
  });

  it('withdraws the request when the owner logs in within the 15 days, says so, and erases nothing', async () => {
    const user = await account();
    await db().insert(favourites).values({ userId: user.id, kind: 'keyword', platform: 'DSO', subjectKey: '露营' });
    expect((await requestClosure(user)).code).toBe(Code.OK);
    await age(user.id, 14);

    const ip = nextIp();
    const code = await sendAndReadCode(t, { phone: user.phone, ip });
    const login = await post(AccountPath.fastLogin, { phone: user.phone, code }, undefined, ip);
    expect(login).toMatchObject({ code: Code.OK, data: { reg: false, user_id: user.id, closure_cancelled: true } });
    expect(await closureOf(user.id)).toMatchObject({ status: 'cancelled' });

    await age(user.id, 2);
    await runErasures();
    expect((await userRow(user.id)).phone).toBe(user.phone);
    expect(await db().select().from(favourites).where(eq(favourites.userId, user.id))).toHaveLength(1);
  });

  it('withdraws the request at a WeChat QR login too, and says so in the poll result', async () => {
    const openId = `o_closer_${Date.now()}`;
    const user = await account({ wechatOpenId: openId });
    expect((await requestClosure(user)).code).toBe(Code.OK);
    const qr = await fetchQr(t);
    expect((await pressSandboxButton(t.app, qr, 'confirm', openId)).statusCode).toBe(200);
    expect(await pollResult(t, qr.ticket)).toMatchObject({ status: 'done', user_id: user.id, closure_cancelled: true });
    expect(await closureOf(user.id)).toMatchObject({ status: 'cancelled' });
  });

  it('erases the personal data 15 days on, keeping orders and invoices against an anonymous account', async () => {
    const user = await account({ grade: 'VIP', wechatOpenId: `wx-${Date.now()}` });
    await db().update(users).set({ nickname: '阿野', passwordHash: 'argon2-hash' }).where(eq(users.id, user.id));
    await db().insert(favourites).values({ userId: user.id, kind: 'keyword', platform: 'DSO', subjectKey: '露营' });
    await db().insert(searchHistory).values({ userId: user.id, type: 'DSO', keyword: '露营装备' });
    await db()
      .insert(writingWorks)
      .values({
        userId: user.id,
        templateTitle: '种草文案',
        title: '露营',
        inputs: { keyword: '露营' },
        content: '……',
      });
    await db()
      .insert(publishingAccounts)
      .values({
        userId: user.id,
        openId: `douyin-${user.id}`,
        accessToken: 'sealed-access',
        refreshToken: 'sealed-refresh',
        accessExpiresAt: new Date(Date.now() + DAY_MS),
        refreshExpiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
    const [work] = await db()
      .insert(imageTextWorks)
      .values({ userId: user.id, source: 'single', status: 'done', keyword: '露营' })
      .returning();
    const workFolder = path.join(dataDir(), 'image-text', 'works', String(work!.id));
    await mkdir(workFolder, { recursive: true });
    await writeFile(path.join(workFolder, '1.png'), 'picture');
    const recording = path.join(dataDir(), 'live-replays', `${user.id}.mp4`);
    await mkdir(path.dirname(recording), { recursive: true });
    await writeFile(recording, 'recording');
    await db().insert(liveReplays).values({
      userId: user.id,
      source: 'upload',
      filePath: recording,
      goods: [],
      curve: [],
      status: 'queued',
      stage: 'queued',
    });
    await db().insert(usageLedger).values({
      userId: user.id,
      poolUserId: user.id,
      alias: 'SEARCH',
      amount: 1,
      reason: '露营装备',
      state: 'settled',
    });
    const orderId = `T${user.id}`;
    await db().insert(orders).values({
      id: orderId,
      userId: user.id,
      kind: 'membership',
      grade: 'VIP',
      priceFen: 9_900,
      payMoneyFen: 9_900,
      status: 'paid',
      expiresAt: new Date(),
      paidAt: new Date(),
    });
    await db()
      .insert(invoices)
      .values({
        id: `I${user.id}`,
        userId: user.id,
        kind: 'normal',
        titleType: 'company',
        title: '某某科技有限公司',
        taxNo: '91310000MA1K000000',
        email: 'finance@example.com',
        amountFen: 9_900,
        status: 'issued',
        invoiceNo: '24310000000000000001',
      });
    await db().insert(invoiceTitles).values({
      userId: user.id,
      kind: 'normal',
      titleType: 'company',
      title: '某某科技有限公司',
      email: 'a@example.com',
    });

    expect((await requestClosure(user)).code).toBe(Code.OK);
    await age(user.id, 14);
    expect(await runErasures()).toBe(0);
    expect((await userRow(user.id)).phone).toBe(user.phone);

    await age(user.id, 1);
    expect(await runErasures()).toBe(1);
    expect(await closureOf(user.id)).toMatchObject({ status: 'erased' });
    expect(await userRow(user.id)).toMatchObject({
      phone: `closed:${user.id}`,
      passwordHash: null,
      wechatOpenId: null,
      nickname: '',
      grade: 'FREE',
    });
    const ofUser = async (table: typeof favourites | typeof searchHistory | typeof writingWorks) =>
      db().select().from(table).where(eq(table.userId, user.id));
    expect(await ofUser(favourites)).toEqual([]);
    expect(await ofUser(searchHistory)).toEqual([]);
    expect(await ofUser(writingWorks)).toEqual([]);
    expect(await db().select().from(publishingAccounts).where(eq(publishingAccounts.userId, user.id))).toEqual([]);
    expect(await db().select().from(imageTextWorks).where(eq(imageTextWorks.userId, user.id))).toEqual([]);
    expect(await db().select().from(liveReplays).where(eq(liveReplays.userId, user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone))).toEqual([]);
    expect(existsSync(workFolder)).toBe(false);
    expect(existsSync(recording)).toBe(false);
    const [ledger] = await db().select().from(usageLedger).where(eq(usageLedger.userId, user.id));
    expect(ledger).toMatchObject({ reason: '', amount: 1 });
    // Bookkeeping stays: the order as paid, the invoice as issued, without the address it was mailed to.
    expect(await db().select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
      { userId: user.id, status: 'paid', payMoneyFen: 9_900 },
    ]);
    expect(await db().select().from(invoices).where(eq(invoices.userId, user.id))).toMatchObject([
      { title: '某某科技有限公司', invoiceNo: '24310000000000000001', amountFen: 9_900, email: null },
    ]);
    expect(await db().select().from(invoiceTitles).where(eq(invoiceTitles.userId, user.id))).toEqual([]);

    // The phone is free again: a code login makes a new, empty account.
    const ip = nextIp();
    const code = await sendAndReadCode(t, { phone: user.phone, ip });
    const login = await post(AccountPath.fastLogin, { phone: user.phone, code }, undefined, ip);
    expect(login).toMatchObject({ code: Code.OK, data: { reg: true } });
    expect(login.data.user_id).not.toBe(user.id);
  });

  it('resumes an erasure that stopped part-way', async () => {
    const user = await account();
    await db().insert(favourites).values({ userId: user.id, kind: 'video', platform: 'douyin', subjectKey: '7300' });
    expect((await requestClosure(user)).code).toBe(Code.OK);
    await age(user.id, 15);
    // As a worker that died after claiming it leaves it.
    await db().update(accountClosures).set({ status: 'erasing' }).where(eq(accountClosures.userId, user.id));
    expect(await runErasures()).toBe(1);
    expect(await closureOf(user.id)).toMatchObject({ status: 'erased' });
    expect(await db().select().from(favourites).where(eq(favourites.userId, user.id))).toEqual([]);
  });

  it('refuses a login while the account is being erased', async () => {
    const user = await account();
    expect((await requestClosure(user)).code).toBe(Code.OK);
    await db().update(accountClosures).set({ status: 'erasing' }).where(eq(accountClosures.userId, user.id));
    const ip = nextIp();
    const code = await sendAndReadCode(t, { phone: user.phone, ip });
    expect(await post(AccountPath.fastLogin, { phone: user.phone, code }, undefined, ip)).toMatchObject({
      code: Code.TOAST,
      msg: accountClosureMessages.erasing,
    });
  });

  it('dissolves the links of a closed parent and of a closed child', async () => {
    const parent = await account({ grade: 'SVIP' });
    const child = await account();
    const invitee = await account();
    const invited = await post(SubAccountPath.add, { phone: child.phone }, parent.token);
    expect((await post(SubAccountPath.accept, {}, child.token)).code).toBe(Code.OK);
    expect((await post(SubAccountPath.add, { phone: invitee.phone }, parent.token)).code).toBe(Code.OK);

    // The child closes: its link ends and the parent's list no longer shows its phone.
    expect((await requestClosure(child)).code).toBe(Code.OK);
    await age(child.id, 15);
    await runErasures();
    const [childLink] = await db().select().from(subAccountLinks).where(eq(subAccountLinks.id, invited.data.id));
    expect(childLink).toMatchObject({ status: 'unbound', childPhone: CLOSED_CHILD_PHONE });

    // The parent closes: its pending invite is withdrawn.
    expect((await requestClosure(parent)).code).toBe(Code.OK);
    await age(parent.id, 15);
    await runErasures();
    const open = await db().select().from(subAccountLinks).where(eq(subAccountLinks.parentUserId, parent.id));
    expect(open.map((link) => link.status).sort()).toEqual(['cancelled', 'unbound']);
    expect((await get(SubAccountPath.inviteInfo, invitee.token)).data).toBeNull();
  });

  it('ends a running 连续包月 as soon as the closure is asked for', async () => {
    const user = await account({ grade: 'VIP' });
    await db()
      .insert(paymentAgreements)
      .values({
        id: `A${user.id}`,
        userId: user.id,
        planId: 1,
        provider: 'sandbox',
        agreementNo: `SANDBOX-${user.id}`,
        status: 'active',
        periodDays: 30,
        cycleAmountFen: 5_900,
        nextChargeOn: '2099-01-01',
      });
    expect((await requestClosure(user)).code).toBe(Code.OK);
    const [agreement] = await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, user.id));
    expect(agreement).toMatchObject({ status: 'ended' });
  });
});
