import { type OrderInfo, OrderPath } from '@dso/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import type { DatabaseHandle } from '../../../db/client';
import { membershipGrants, orders, paymentEvents, users } from '../../../db/schema';
import { createTestDatabase, createUser, loginAs, signedInjectOptions } from '../../../testing';

/*
 * Proof of reliability: 100 orders and 1,000 concurrent notifications among them (duplicates, out of order,
 * forged, wrong amounts), split over two server instances on one PostgreSQL database. Exactly 100
 * grants; forged and wrong-amount ones refused and logged; every user's end date right.
 */

const USERS = 50;
const ORDERS_PER_USER = 2;
const DAYS = 30;
/** Deliveries of each genuine notification (the first applies, the others are the vendor's retries). */
const GENUINE_COPIES = 7;
const FORGED = 150;
const WRONG_AMOUNT = 150;
const DAY = 86_400_000;

/** A small seeded generator, so a failing order of deliveries can be replayed. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Delivery {
  kind: 'genuine' | 'forged' | 'wrong_amount';
  orderId: string;
  body: string;
  signature: string;
}

describe.runIf(process.env.TEST_DATABASE_URL)('1,000 concurrent payment notifications on two instances', () => {
  let database: DatabaseHandle;
  let instances: FastifyInstance[];
  /** Warning messages the instances logged. */
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const build = async () => {
      const app = await buildApp({
        config: {
          ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', REQUEST_LIMITS: 'false' }),
          webDist: undefined,
        },
        database,
        logger: {
          level: 'warn',
          stream: {
            write(line: string) {
              warnings.push((JSON.parse(line) as { msg: string }).msg);
            },
          },
        },
      });
      await app.ready();
      return app;
    };
    instances = [await build(), await build()];
  });
  afterAll(async () => {
    for (const app of instances ?? []) await app.close();
    await database?.close();
  });

  it('grants each of 100 orders exactly once and refuses every forged and wrong-amount one', async () => {
    const db = database.db;
    const buyers = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const user = await createUser(db, {});
        return { id: user.id, token: await loginAs(db, user.id) };
      }),
    );
    // Two pending orders of the same plan per user, both bought before either is paid.
    const bought: Array<{ userId: number; order: OrderInfo }> = [];
    await Promise.all(
      buyers.map(async (buyer, index) => {
        for (let n = 0; n < ORDERS_PER_USER; n++) {
          const response = await instances[(index + n) % 2]!.inject(
            signedInjectOptions({
              method: 'POST',
              url: OrderPath.preview,
              token: buyer.token,
              body: { grade_enum: 'VIP', day: DAYS, rand_tag: `reliability-${buyer.id}-${n}` },
            }),
          );
          const answer = response.json();
          expect(answer.code).toBe(200);
          bought.push({ userId: buyer.id, order: answer.data as OrderInfo });
        }
      }),
    );
    expect(bought).toHaveLength(USERS * ORDERS_PER_USER);

    const sandbox = instances[0]!.providers.sandboxPayment!;
    const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);
    const random = mulberry32(seed);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const notice = (order: OrderInfo, totalFen: number) =>
      JSON.stringify({
        out_trade_no: order.order_id,
        trade_status: 'TRADE_SUCCESS',
        total_fen: totalFen,
        trade_no: `SBXR${order.order_id}`,
        paid_at: new Date().toISOString(),
      });
    const deliveries: Delivery[] = [];
    for (const { order } of bought) {
      const body = notice(order, order.pay_money);
      for (let copy = 0; copy < GENUINE_COPIES; copy++) {
        deliveries.push({ kind: 'genuine', orderId: order.order_id, body, signature: await sandbox.sign(body) });
      }
    }
    for (let n = 0; n < FORGED; n++) {
      // The genuine body under a signature of other text, as a forger without the secret would send it.
      const { order } = pick(bought);
      const body = notice(order, order.pay_money);
      deliveries.push({ kind: 'forged', orderId: order.order_id, body, signature: await sandbox.sign(`${body}${n}`) });
    }
    for (let n = 0; n < WRONG_AMOUNT; n++) {
      const { order } = pick(bought);
      const body = notice(order, order.pay_money - 1 - Math.floor(random() * 100));
      deliveries.push({ kind: 'wrong_amount', orderId: order.order_id, body, signature: await sandbox.sign(body) });
    }
    for (let index = deliveries.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [deliveries[index], deliveries[other]] = [deliveries[other]!, deliveries[index]!];
    }
    expect(deliveries).toHaveLength(1_000);

    const started = performance.now();
    const answers = await Promise.all(
      deliveries.map((delivery, index) =>
        instances[index % 2]!.inject({
          method: 'POST',
          url: OrderPath.notifySandbox,
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': delivery.signature },
          payload: delivery.body,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    console.log(
      `reliability (seed ${seed}): 1,000 notifications over two instances on PostgreSQL in ${elapsed.toFixed(0)} ms`,
    );

    answers.forEach((answer, index) => {
      expect(answer.statusCode, `delivery ${index}`).toBe(200);
      expect(answer.body, `delivery ${index} (${deliveries[index]!.kind})`).toBe(
        deliveries[index]!.kind === 'forged' ? 'fail' : 'success',
      );
    });

    const events = await db.select().from(paymentEvents);
    const count = (outcome: string) => events.filter((event) => event.outcome === outcome).length;
    expect(count('applied')).toBe(USERS * ORDERS_PER_USER);
    expect(count('duplicate')).toBe(USERS * ORDERS_PER_USER * (GENUINE_COPIES - 1));
    expect(count('forged')).toBe(FORGED);
    expect(count('amount_mismatch')).toBe(WRONG_AMOUNT);
    expect(events).toHaveLength(deliveries.length);
    expect(warnings.filter((message) => message === 'forged payment notification refused')).toHaveLength(FORGED);
    expect(warnings.filter((message) => message === 'payment notification not granted')).toHaveLength(WRONG_AMOUNT);

    const orderRows = await db.select().from(orders);
    expect(orderRows.filter((row) => row.status === 'paid')).toHaveLength(USERS * ORDERS_PER_USER);
    const grants = await db.select().from(membershipGrants);
    expect(grants).toHaveLength(USERS * ORDERS_PER_USER);

    const userRows = new Map((await db.select().from(users)).map((row) => [row.id, row]));
    for (const buyer of buyers) {
      const own = grants
        .filter((grant) => grant.userId === buyer.id)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      expect(own).toHaveLength(2);
      const [first, second] = own as [(typeof own)[0], (typeof own)[0]];
      expect(first.endsAt.getTime() - first.startsAt.getTime()).toBe(DAYS * DAY);
      // The second purchase extends the first: it starts exactly where the first ends.
      expect(second.startsAt).toEqual(first.endsAt);
      expect(second.endsAt.getTime()).toBe(first.startsAt.getTime() + 2 * DAYS * DAY);
      const user = userRows.get(buyer.id)!;
      expect(user.grade).toBe('VIP');
      expect(user.gradeEndsAt).toEqual(second.endsAt);
    }
  });
});
