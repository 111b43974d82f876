import { Code, FramePath } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { createUser } from '../../../testing';
import {
  createTwinApps,
  fastPolling,
  fetchQr,
  holdPolls,
  poll,
  pressSandboxButton,
  type TwinApps,
} from './wechat.testing';

describe('WeChat QR login across two server instances on one database', () => {
  let twins: TwinApps;
  beforeAll(async () => {
    twins = await createTwinApps(fastPolling);
  });
  afterAll(async () => twins.close());

  it('ends a long poll held on instance A with a scan confirmed on instance B', async () => {
    const { a, b } = twins;
    const user = await createUser(twins.database.db, { wechatOpenId: 'o_two_instances' });
    const qr = await fetchQr(a);

    const pollStarted = Date.now();
    // A's poll has read the ticket as waiting and holds before the scan happens.
    const [held] = await holdPolls(twins.database.db, qr.ticket, [() => poll(a, qr.ticket)]);
    const scanPage = await b.app.inject({
      method: 'GET',
      url: new URL(qr.qr_code_url).pathname + new URL(qr.qr_code_url).search,
    });
    expect(scanPage.statusCode).toBe(200);
    expect((await pressSandboxButton(b.app, qr, 'confirm', 'o_two_instances')).statusCode).toBe(200);

    const body = (await held!).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ status: 'done', user_id: user.id });
    // Answered by the scan, well before A's hold time would have run out.
    expect(Date.now() - pollStarted).toBeLessThan(fastPolling.wechatPollHoldMs!);

    for (const instance of [a, b]) {
      const friendLinks = await instance.request({ method: 'GET', url: FramePath.friendLinks, token: body.data.token });
      expect(friendLinks.json().code).toBe(Code.OK);
    }
  });

  it('gives one token when polls of the same QR race on both instances', async () => {
    const { a, b } = twins;
    const user = await createUser(twins.database.db, { wechatOpenId: 'o_cross_race' });
    const qr = await fetchQr(b);
    // Every poll holds before the confirm, so all of them wake to race for the login.
    const held = await holdPolls(
      twins.database.db,
      qr.ticket,
      [a, b, a, b].map((instance) => () => poll(instance, qr.ticket)),
    );
    await pressSandboxButton(a.app, qr, 'confirm', 'o_cross_race');

    const bodies = (await Promise.all(held)).map((response) => response.json());
    expect(bodies.filter((body) => body.code === Code.OK)).toHaveLength(1);
    const opened = await twins.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(opened).toHaveLength(1);
  });
});
