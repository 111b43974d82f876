import { OrderPath } from '@dso/contract';
import { gradeNames, maskPhone, normalizeGrade } from '@dso/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { ok } from '../../../lib/envelope';
import { findAccountPhones } from '../../account';
import { selectRecentPaid } from '../orders.repository';
import { loadBuyer } from '../preview/buyer.service';
import { getGradeConfig } from './plans.service';

const ROLL_SIZE = 20;
const ROLL_CACHE_MS = 10_000;

/** The order roll (001 §7, §9): the latest buyers, phones masked to 3 + 4 digits. Cached briefly: every pay box asks. */
function createRollList(db: Database) {
  let cached: { at: number; value: { us: { phone: string; vip_name: string }[] } } | null = null;
  return async (now: number) => {
    if (cached && now - cached.at < ROLL_CACHE_MS) return cached.value;
    const rows = await selectRecentPaid(db, ROLL_SIZE);
    const phones = await findAccountPhones(
      db,
      rows.map((row) => row.userId),
    );
    const us = rows.flatMap((row) => {
      const phone = phones.get(row.userId);
      if (!phone) return [];
      return [
        { phone: maskPhone(phone), vip_name: row.kind === 'pack' ? '次数包' : gradeNames[normalizeGrade(row.grade)] },
      ];
    });
    cached = { at: now, value: { us } };
    return cached.value;
  };
}

/** Plans and the order roll: open to visitors (the pay page is reachable by anyone, 000 §6). */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OrderPath.gradeConfig, async (request) => {
    const now = new Date();
    const buyer = request.userId ? await loadBuyer(app.db, request.userId, now) : null;
    return ok(await getGradeConfig(app.db, buyer, now));
  });

  const rollList = createRollList(app.db);
  app.get(OrderPath.rollList, async () => ok(await rollList(Date.now())));
};
