import { Code, DistributionPath, distributionMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { distributionLeads } from '../../db/schema';
import { createUser, loginAs, nextPhone } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

describe('distribution lead call', () => {
  const t = useTestApp();

  let address = 0;
  const send = async (body: unknown, options: { token?: string; ip?: string } = {}) =>
    (
      await t.request({
        method: 'POST',
        url: DistributionPath.lead,
        body,
        headers: { 'x-forwarded-for': options.ip ?? `10.9.0.${++address}` },
        ...(options.token ? { token: options.token } : {}),
      })
    ).json();

  it('stores a visitor’s lead, and a member’s with their account', async () => {
    const phone = nextPhone();
    const answer = await send({ name: '王经理', phone, company: '杭州好物', need: '想做抖音代运营' });
    expect(answer).toMatchObject({ code: Code.OK, msg: distributionMessages.submitted });
    const user = await createUser(t.database.db);
    await send({ name: '李', phone: nextPhone() }, { token: await loginAs(t.database.db, user.id) });
    const rows = await t.database.db.select().from(distributionLeads);
    expect(rows.map((row) => [row.name, row.company, row.need, row.userId])).toEqual([
      ['王经理', '杭州好物', '想做抖音代运营', null],
      ['李', '', '', user.id],
    ]);
  });

  it('says what is wrong with a form in Chinese', async () => {
    expect(await send({ name: '', phone: nextPhone() })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: distributionMessages.nameMissing,
    });
    expect(await send({ name: '张', phone: '123' })).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入正确手机号' });
    expect(await send({ name: '张', phone: nextPhone(), need: '长'.repeat(501) })).toMatchObject({
      msg: distributionMessages.needTooLong,
    });
  });

  it('limits leads per address and per phone', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i += 1) expect((await send({ name: '赵', phone: nextPhone() }, { ip })).code).toBe(Code.OK);
    expect(await send({ name: '赵', phone: nextPhone() }, { ip })).toMatchObject({
      code: Code.TOAST,
      msg: distributionMessages.tooOften,
    });
    const phone = nextPhone();
    for (let i = 0; i < 3; i += 1) expect((await send({ name: '钱', phone })).code).toBe(Code.OK);
    expect((await send({ name: '钱', phone })).code).toBe(Code.TOAST);
  });
});
