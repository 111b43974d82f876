import { type FrequencyPackage, orderMessages, type previewFrequencyOrderBodySchema } from '@dso/contract';
import { frequencyTypes, PAY_QR_SECONDS } from '@dso/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { assertCanPurchase } from '../../account';
import { newOrderId } from '../order-ids';
import { findOrderByRandTag, insertOrder } from '../orders.repository';
import { findPackageById, insertPackagesIfNone, selectPackagesOfType } from './packs.repository';

/**
 * Usage-count packs (001 §4, §9): extra units of one quota, valid a year, priced in fen and paid like
 * a membership. The default list below is what `npm start` offers until operators change it.
 */
const defaultPackages = [
  { frequencyType: 9, name: '批量提取文案次数包', frequency: 100, priceFen: 2_900, sort: 1 },
  { frequencyType: 9, name: '批量提取文案次数包', frequency: 500, priceFen: 9_900, sort: 2 },
  { frequencyType: 1, name: '关键词搜索次数包', frequency: 500, priceFen: 1_900, sort: 1 },
  { frequencyType: 1, name: '关键词搜索次数包', frequency: 2_000, priceFen: 5_900, sort: 2 },
  { frequencyType: 2, name: '关键词详情次数包', frequency: 500, priceFen: 1_900, sort: 1 },
  { frequencyType: 3, name: '关键词导出次数包', frequency: 100, priceFen: 2_900, sort: 1 },
  { frequencyType: 4, name: '排名监控额度包', frequency: 100, priceFen: 4_900, sort: 1 },
  { frequencyType: 5, name: 'AI写作次数包', frequency: 200, priceFen: 2_900, sort: 1 },
  { frequencyType: 6, name: 'AI改写次数包', frequency: 200, priceFen: 2_900, sort: 1 },
  { frequencyType: 7, name: '图文发布额度包', frequency: 200, priceFen: 1_900, sort: 1 },
].map((row) => ({ ...row, alias: frequencyTypes[row.frequencyType]! }));

export async function ensureDefaultPackages(db: Database) {
  await insertPackagesIfNone(db, defaultPackages);
}

/** `order/frequency_package_list`: the packs on sale of a type (an unknown type has none). */
export async function listPackages(db: Database, frequencyType: number): Promise<FrequencyPackage[]> {
  const rows = await selectPackagesOfType(db, frequencyType);
  return rows.map((row) => ({ id: row.id, name: row.name, frequency: row.frequency, price: row.priceFen }));
}

/** `order/preview_frequency_order`: a pending pack order (the same rand_tag answers the same order). */
export async function previewPackOrder(
  db: Database,
  userId: number,
  body: z.output<typeof previewFrequencyOrderBodySchema>,
  now: Date,
) {
  await assertCanPurchase(db, userId);
  const existing = await findOrderByRandTag(db, userId, body.rand_tag);
  const pack = await findPackageById(db, existing?.packageId ?? body.frequency_package_id);
  if (!pack?.enabled) throw AppError.toast(orderMessages.orderFailed);
  if (existing && (existing.status !== 'pending' || existing.expiresAt <= now)) {
    throw AppError.toast(orderMessages.orderNotPending);
  }
  const order =
    existing ??
    (await insertOrder(db, {
      id: newOrderId('pack', now),
      userId,
      kind: 'pack',
      packageId: pack.id,
      priceFen: pack.priceFen,
      payMoneyFen: pack.priceFen,
      randTag: body.rand_tag,
      expiresAt: new Date(now.getTime() + PAY_QR_SECONDS * 1000),
    }));
  return {
    order: { order_id: order.id, price: order.payMoneyFen, expire_time: Math.floor(order.expiresAt.getTime() / 1000) },
  };
}

/** What a pack order reads as in lists and on the wallet: 批量提取文案次数包 100次. */
export async function packTitle(db: Database, packageId: number | null) {
  const pack = packageId ? await findPackageById(db, packageId) : undefined;
  return pack ? `${pack.name} ${pack.frequency}次` : '次数包';
}
