import { Code, SubAccountPath, subAccountInviteInfoSchema, subAccountItemSchema } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subAccountLinks, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { nextPhone } from '../../../testing';
import { expectLoginRequired } from '../../../testing/login-required';
import { useTestApp } from '../../../testing/route-suite';
import { consumePermission, ensurePermissionConfig, getEffectiveGrade } from '../../permissions';
import { issueCode } from '../sms/sms-code.service';
import { assertCanPurchase } from './sub-accounts.service';

describe('sub-account calls', () => {
  const t = useTestApp({}, (app) => ensurePermissionConfig(app.database.db));
  const { db, get, post, account } = t;

  const invite = (parent: { token: string }, phone: string) => post(SubAccountPath.add, parent.token, { phone });

  /** A phone as a child sees its parent's: 138****5678. */
  const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

  /** A parent (SVIP, 3 seats by default) who invited a new account; answers both and the invitation's envelope. */
  const invitedPair = async (grade = 'SVIP') => {
    const parent = await account({ grade });
    const invitee = await account();
    return { parent, invitee, invited: await invite(parent, invitee.phone) };
  };
  /** Changes a user's membership (its grade, or when it ends) behind the app's back. */
  const setMembership = (userId: number, membership: { grade?: string; gradeEndsAt: Date }) =>
    db().update(users).set(membership).where(eq(users.id, userId));

  /** A parent (SVIP, 3 seats by default) with an accepted child. */
  const boundPair = async (grade = 'SVIP') => {
    const { parent, invitee: child, invited } = await invitedPair(grade);
    expect(invited.code).toBe(Code.OK);
    expect((await post(SubAccountPath.accept, child.token)).code).toBe(Code.OK);
    return { parent, child, linkId: invited.data.id as number };
  };

  it('asks for a login on every call', async () => {
    const body = { id: 1, phone: '13800000000', code: '123456' };
    await expectLoginRequired(t, [
      ['POST', SubAccountPath.add, body],
      ['GET', SubAccountPath.list],
      ['GET', SubAccountPath.quota],
      ['POST', SubAccountPath.cancel, body],
      ['POST', SubAccountPath.reInvite, body],
      ['POST', SubAccountPath.unbind, body],
      ['GET', SubAccountPath.inviteInfo],
      ['POST', SubAccountPath.accept, body],
      ['POST', SubAccountPath.refuse, body],
      ['POST', SubAccountPath.unbindActive, body],
      ['GET', SubAccountPath.info],
    ]);
  });

  describe('inviting', () => {
    it('invites a registered phone and shows the invitee the bind notice with the parent’s phone masked', async () => {
      const { parent, invitee, invited: body } = await invitedPair();
      expect(body.code).toBe(Code.OK);
      const item = subAccountItemSchema.parse(body.data);
      const parentEnds = Math.floor(parent.gradeEndsAt!.getTime() / 1000);
      expect(item).toMatchObject({
        phone: invitee.phone,
        status: 'pending',
        bind_time: null,
        un_bind_time: parentEnds,
      });

      const info = await get(SubAccountPath.inviteInfo, invitee.token);
      expect(subAccountInviteInfoSchema.parse(info.data)).toEqual({
        id: item.id,
        phone: masked(parent.phone),
        grade: 'SVIP',
        un_bind_time: parentEnds,
      });
      expect((await get(SubAccountPath.list, parent.token)).data).toEqual([item]);
      expect((await get(SubAccountPath.quota, parent.token)).data).toEqual({ per_val: 3, use_val: 1 });
      // Not shared before it is accepted.
      expect((await getEffectiveGrade(db(), invitee.id)).grade).toBe('FREE');
    });

    it('answers a retried invite with the same link', async () => {
      const parent = await account({ grade: 'SVIP' });
      const phone = nextPhone();
      const bodies = await Promise.all(Array.from({ length: 6 }, () => invite(parent, phone)));
      const first = bodies[0]!;
      expect(new Set(bodies.map((body) => body.data.id))).toEqual(new Set([first.data.id]));
      expect((await invite(parent, phone)).data.id).toBe(first.data.id);
      expect((await get(SubAccountPath.quota, parent.token)).data).toEqual({ per_val: 3, use_val: 1 });
    });

    /** A new parent of `grade` invites `seats` phones (each accepted), then one more: that invite's answer. */
    const inviteBeyond = async (grade: string, seats: number) => {
      const parent = await account({ grade });
      for (let i = 0; i < seats; i++) expect((await invite(parent, nextPhone())).code).toBe(Code.OK);
      return invite(parent, nextPhone());
    };

    it('refuses a grade without child accounts with the upgrade data', async () => {
      expect(await inviteBeyond('VIP', 0)).toEqual({
        code: Code.NEEDS_UPGRADE,
        msg: '权限不足，升级会员版本可查看更多数据~',
        data: { alias: 'SUB_ACCOUNT_COUNT', reason: 'lacking', action: 'pay', grade: 'SVIP' },
      });
    });

    it('refuses an invite beyond the seats, counting pending invites', async () => {
      expect(await inviteBeyond('SVIP', 3)).toEqual({
        code: Code.NEEDS_UPGRADE,
        msg: '子账号数量已达上限，请升级会员版本增加额度~',
        data: { alias: 'SUB_ACCOUNT_COUNT', reason: 'exhausted', action: 'pay', grade: 'EVIP' },
      });
    });

    it('offers a full top-tier parent the recharge instead of an upgrade', async () => {
      const body = await inviteBeyond('EVIP', 10);
      expect(body.msg).toBe('子账号数量已达上限，请联系客服充值额度~');
      expect(body.data).toEqual({ alias: 'SUB_ACCOUNT_COUNT', reason: 'exhausted', action: 'buyTimes', type: 9 });
    });

    it('lets exactly as many concurrent invites through as there are seats', async () => {
      const parent = await account({ grade: 'SVIP' });
      const bodies = await Promise.all(Array.from({ length: 8 }, () => invite(parent, nextPhone())));
      expect(bodies.filter((body) => body.code === Code.OK)).toHaveLength(3);
      expect(bodies.filter((body) => body.code === Code.NEEDS_UPGRADE)).toHaveLength(5);
      expect((await get(SubAccountPath.list, parent.token)).data).toHaveLength(3);
    });

    it('gives a phone to one of several parents inviting it at once', async () => {
      const parents = await Promise.all(Array.from({ length: 6 }, () => account({ grade: 'SVIP' })));
      const phone = nextPhone();
      const bodies = await Promise.all(parents.map((parent) => invite(parent, phone)));
      expect(bodies.filter((body) => body.code === Code.OK)).toHaveLength(1);
      const refusals = bodies.filter((body) => body.code !== Code.OK);
      expect(refusals.map((body) => body.msg)).toEqual(Array(5).fill('该手机号已被其他账号邀请'));
    });

    it('refuses inviting oneself, a bad phone, and from a child account', async () => {
      const parent = await account({ grade: 'SVIP' });
      expect(await invite(parent, parent.phone)).toEqual({ code: Code.TOAST, msg: '不能添加自己为子账号', data: null });
      const bad = await invite(parent, '12345');
      expect([bad.code, bad.msg]).toEqual([Code.BAD_REQUEST, '请输入正确手机号']);

      const { child } = await boundPair();
      const fromChild = await invite(child, nextPhone());
      expect([fromChild.code, fromChild.msg]).toEqual([Code.TOAST, '子账号不能添加子账号']);
    });

    it("refuses another parent's child, an account with children and a paying member", async () => {
      const { child } = await boundPair();
      const other = await account({ grade: 'EVIP' });
      expect((await invite(other, child.phone)).msg).toBe('该手机号已是其他账号的子账号');

      const { parent } = await boundPair();
      expect((await invite(other, parent.phone)).msg).toBe('该账号已有子账号，不能绑定为子账号');

      const member = await account({ grade: 'VIP' });
      expect((await invite(other, member.phone)).msg).toBe('该账号的会员尚未到期，不能绑定为子账号');
      const lapsed = await account({ grade: 'VIP', gradeEndsAt: new Date(Date.now() - 1000) });
      expect((await invite(other, lapsed.phone)).code).toBe(Code.OK);
    });

    it('invites a phone that has no account yet; the invite waits for its registration', async () => {
      const parent = await account({ grade: 'SVIP' });
      const phone = nextPhone();
      const invited = await invite(parent, phone);
      expect(invited.data).toMatchObject({ phone, nickname: '', status: 'pending' });
      const newcomer = await account({ phone });
      expect((await get(SubAccountPath.inviteInfo, newcomer.token)).data).toMatchObject({ id: invited.data.id });
      expect((await post(SubAccountPath.accept, newcomer.token, { id: invited.data.id })).data).toMatchObject({
        sub_account: true,
        parent_phone: masked(parent.phone),
        grade: 'SVIP',
      });
    });
  });

  describe('answering', () => {
    it("accepts: the child shares the parent's grade, sees the parent's phone masked, and a retry changes nothing", async () => {
      const parent = await account({ grade: 'SVIP' });
      const child = await account();
      const { data: item } = await invite(parent, child.phone);
      const accepted = await post(SubAccountPath.accept, child.token, { id: item.id });
      const parentEnds = Math.floor(parent.gradeEndsAt!.getTime() / 1000);
      expect(accepted.code).toBe(Code.OK);
      expect(accepted.data).toEqual({
        sub_account: true,
        parent_phone: masked(parent.phone),
        grade: 'SVIP',
        bind_time: expect.any(Number),
        un_bind_time: parentEnds,
        children: 0,
      });
      expect(await getEffectiveGrade(db(), child.id)).toEqual({
        grade: 'SVIP',
        endsAt: parent.gradeEndsAt,
        parent: { phone: parent.phone },
      });
      expect((await get(SubAccountPath.inviteInfo, child.token)).data).toBeNull();
      expect((await post(SubAccountPath.accept, child.token, { id: item.id })).data).toEqual(accepted.data);
      expect((await get(SubAccountPath.info, child.token)).data).toEqual(accepted.data);
      const [listed] = (await get(SubAccountPath.list, parent.token)).data;
      expect(listed).toMatchObject({ id: item.id, status: 'active', bind_time: accepted.data.bind_time });
      expect((await get(SubAccountPath.info, parent.token)).data).toMatchObject({ sub_account: false, children: 1 });
    });

    it('accepts without a body, and refuses an invite id that is not the caller’s', async () => {
      const parent = await account({ grade: 'SVIP' });
      const child = await account();
      const { data: item } = await invite(parent, child.phone);
      const stranger = await account();
      const wrong = await post(SubAccountPath.accept, stranger.token, { id: item.id });
      expect([wrong.code, wrong.msg]).toEqual([Code.NOT_FOUND, '邀请不存在或已失效']);
      const response = await t.request({ method: 'POST', url: SubAccountPath.accept, token: child.token });
      expect(response.json().data).toMatchObject({ sub_account: true });
    });

    it('refuses: the parent sees the refusal and can invite again', async () => {
      const { parent, invitee, invited } = await invitedPair();
      const item = invited.data;
      expect(await post(SubAccountPath.refuse, invitee.token)).toEqual({ code: Code.OK, msg: 'success', data: null });
      expect((await post(SubAccountPath.refuse, invitee.token)).code).toBe(Code.OK);
      expect((await get(SubAccountPath.inviteInfo, invitee.token)).data).toBeNull();
      expect((await get(SubAccountPath.list, parent.token)).data[0]).toMatchObject({ id: item.id, status: 'refused' });
      expect((await get(SubAccountPath.quota, parent.token)).data).toEqual({ per_val: 3, use_val: 0 });

      const again = await post(SubAccountPath.reInvite, parent.token, { id: item.id });
      expect(again.data).toMatchObject({ id: item.id, status: 'pending' });
      expect((await post(SubAccountPath.reInvite, parent.token, { id: item.id })).data.status).toBe('pending');
      expect((await get(SubAccountPath.inviteInfo, invitee.token)).data).toMatchObject({ id: item.id });
    });

    it('will not bind an invitee whose own membership is running', async () => {
      const { invitee } = await invitedPair();
      await setMembership(invitee.id, { grade: 'VIP', gradeEndsAt: new Date(Date.now() + 86_400_000) });
      const body = await post(SubAccountPath.accept, invitee.token);
      expect([body.code, body.msg]).toEqual([Code.TOAST, '您的会员尚未到期，不能绑定为子账号']);
    });

    it('will not bind when the parent no longer has child accounts', async () => {
      const { parent, invitee } = await invitedPair();
      await setMembership(parent.id, { gradeEndsAt: new Date(Date.now() - 1000) });
      const body = await post(SubAccountPath.accept, invitee.token);
      expect([body.code, body.msg]).toEqual([Code.TOAST, '主账号会员权益已变更，邀请已失效']);
    });
  });

  describe('ending', () => {
    it('lets the parent cancel a pending invite, freeing the seat, but not an active child', async () => {
      const parent = await account({ grade: 'SVIP' });
      const { data: item } = await invite(parent, nextPhone());
      const cancelled = await post(SubAccountPath.cancel, parent.token, { id: item.id });
      expect(cancelled.data).toMatchObject({ id: item.id, status: 'cancelled' });
      expect((await post(SubAccountPath.cancel, parent.token, { id: item.id })).code).toBe(Code.OK);
      expect((await get(SubAccountPath.list, parent.token)).data).toEqual([]);
      expect((await get(SubAccountPath.quota, parent.token)).data.use_val).toBe(0);

      const pair = await boundPair();
      const body = await post(SubAccountPath.cancel, pair.parent.token, { id: pair.linkId });
      expect([body.code, body.msg]).toEqual([Code.TOAST, '该子账号已绑定，请先解除绑定']);
    });

    it('lets the parent end a link: the child is back on its own grade and listed as ended', async () => {
      const { parent, child, linkId } = await boundPair();
      const ended = await post(SubAccountPath.unbind, parent.token, { id: linkId });
      expect(ended.data).toMatchObject({ id: linkId, status: 'unbound', un_bind_time: expect.any(Number) });
      expect((await post(SubAccountPath.unbind, parent.token, { id: linkId })).code).toBe(Code.OK);
      expect((await getEffectiveGrade(db(), child.id)).grade).toBe('FREE');
      expect((await get(SubAccountPath.info, child.token)).data).toMatchObject({
        sub_account: false,
        parent_phone: null,
      });
      expect((await get(SubAccountPath.list, parent.token)).data).toEqual([ended.data]);
      expect((await get(SubAccountPath.quota, parent.token)).data.use_val).toBe(0);
      // The former child can be invited again.
      expect((await post(SubAccountPath.reInvite, parent.token, { id: linkId })).data.status).toBe('pending');
    });

    it('invites an ended child or a refusing phone again in the same row of the list', async () => {
      const { parent, child, linkId } = await boundPair();
      await post(SubAccountPath.unbind, parent.token, { id: linkId });
      const again = await invite(parent, child.phone);
      expect(again.data).toMatchObject({ id: linkId, status: 'pending', bind_time: null });
      expect((await post(SubAccountPath.refuse, child.token)).code).toBe(Code.OK);
      expect((await invite(parent, child.phone)).data).toMatchObject({ id: linkId, status: 'pending' });
      expect((await get(SubAccountPath.list, parent.token)).data).toEqual([
        expect.objectContaining({ id: linkId, status: 'pending' }),
      ]);
      expect((await get(SubAccountPath.inviteInfo, child.token)).data).toMatchObject({ id: linkId });
    });

    it("keeps strangers and children away from a parent's links", async () => {
      const { parent, child, linkId } = await boundPair();
      const stranger = await account({ grade: 'EVIP' });
      for (const url of [SubAccountPath.cancel, SubAccountPath.reInvite, SubAccountPath.unbind]) {
        for (const caller of [stranger, child]) {
          const body = await post(url, caller.token, { id: linkId });
          expect({ url, code: body.code, msg: body.msg }).toEqual({ url, code: Code.NOT_FOUND, msg: '子账号不存在' });
        }
      }
      expect((await get(SubAccountPath.list, stranger.token)).data).toEqual([]);
      expect((await get(SubAccountPath.list, parent.token)).data[0].status).toBe('active');
    });

    it('lets the child unbind itself with its unbind code; the parent sees the link ended', async () => {
      const { parent, child } = await boundPair();
      const now = new Date();
      const wrongPhone = await post(SubAccountPath.unbindActive, child.token, { phone: parent.phone, code: '000000' });
      expect([wrongPhone.code, wrongPhone.msg]).toEqual([Code.BAD_REQUEST, '手机号与当前账号不一致']);

      const code = await issueCode({ db: db(), phone: child.phone, purpose: 'unbind', ip: '127.0.0.1', now });
      const wrong = await post(SubAccountPath.unbindActive, child.token, {
        phone: child.phone,
        code: code === '000000' ? '000001' : '000000',
      });
      expect([wrong.code, wrong.msg]).toEqual([Code.TOAST, '验证码错误']);
      expect((await getEffectiveGrade(db(), child.id)).grade).toBe('SVIP');

      const body = await post(SubAccountPath.unbindActive, child.token, { phone: child.phone, code });
      expect(body).toEqual({ code: Code.OK, msg: 'success', data: null });
      expect((await getEffectiveGrade(db(), child.id)).grade).toBe('FREE');
      // A retry after success succeeds without a fresh code.
      expect((await post(SubAccountPath.unbindActive, child.token, { phone: child.phone, code })).code).toBe(Code.OK);
      expect((await get(SubAccountPath.list, parent.token)).data).toEqual([
        expect.objectContaining({ phone: child.phone, status: 'unbound', un_bind_time: expect.any(Number) }),
      ]);
      expect((await get(SubAccountPath.info, child.token)).data).toMatchObject({ sub_account: false, grade: 'FREE' });
    });

    it('refuses an unbind code from another purpose', async () => {
      const { child } = await boundPair();
      const code = await issueCode({
        db: db(),
        phone: child.phone,
        purpose: 'login',
        ip: '127.0.0.1',
        now: new Date(),
      });
      const body = await post(SubAccountPath.unbindActive, child.token, { phone: child.phone, code });
      expect(body.code).toBe(Code.TOAST);
      expect((await getEffectiveGrade(db(), child.id)).grade).toBe('SVIP');
    });
  });

  describe('sharing', () => {
    it("drops the child to FREE when the parent's membership ends, and back when it is renewed", async () => {
      const { parent, child } = await boundPair();
      await setMembership(parent.id, { gradeEndsAt: new Date(Date.now() - 1000) });
      expect((await get(SubAccountPath.info, child.token)).data).toMatchObject({ sub_account: true, grade: 'FREE' });
      await setMembership(parent.id, { gradeEndsAt: new Date(Date.now() + 86_400_000) });
      expect((await get(SubAccountPath.info, child.token)).data).toMatchObject({ grade: 'SVIP' });
    });

    it('refuses a purchase by a bound child and allows it after unbinding', async () => {
      const { parent, child, linkId } = await boundPair();
      const error = await assertCanPurchase(db(), child.id).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: Code.TOAST, message: '子账号不能购买或续费，请解绑后购买' });
      await expect(assertCanPurchase(db(), parent.id)).resolves.toBeUndefined();
      await post(SubAccountPath.unbind, parent.token, { id: linkId });
      await expect(assertCanPurchase(db(), child.id)).resolves.toBeUndefined();
    });

    it("draws the child's daily counts from the parent's pool", async () => {
      const { parent, child } = await boundPair();
      await consumePermission(db(), { userId: child.id, alias: 'AI_WRITING_COUNT_DAY', amount: 150 });
      const use = await get('/api/permission/use?permission=AI_WRITING_COUNT_DAY', parent.token);
      expect(use.data).toEqual({ per_val: 200, use_val: 150 });
    });

    it('does not count ended links against the seats', async () => {
      const parent = await account({ grade: 'SVIP' });
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await invite(parent, nextPhone())).data.id);
      await post(SubAccountPath.cancel, parent.token, { id: ids[0] });
      expect((await invite(parent, nextPhone())).code).toBe(Code.OK);
      const rows = await db().select().from(subAccountLinks).where(eq(subAccountLinks.parentUserId, parent.id));
      expect(rows.filter((row) => row.status === 'pending')).toHaveLength(3);
    });
  });
});
