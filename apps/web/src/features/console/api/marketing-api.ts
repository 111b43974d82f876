import {
  type AdminCardList,
  type AdminCoupon,
  type AdminCouponGrant,
  type AdminPackage,
  type AdminPlan,
  type ConsoleCardBatch,
  type ConsoleCardBatchBody,
  type ConsoleCardBatchMade,
  type ConsoleCouponCreateBody,
  type ConsoleCouponGrantBody,
  type ConsolePackageCreateBody,
  type ConsolePackageUpdateBody,
  type ConsolePlanCreateBody,
  type ConsolePlanEnableBody,
  type ConsolePlanUpdateBody,
  ConsoleMarketingPath as P,
} from '@dso/contract';
import { queryOptions } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file';
import { consoleFile, consoleGet, consolePost } from './console-request';

/** The 套餐与卡券 page's calls (docs/console.md); every change carries its reason. */

export const marketingKey = {
  plans: ['console', 'marketing', 'plans'],
  coupons: ['console', 'marketing', 'coupons'],
  /** The batches and each batch's cards. */
  cards: ['console', 'marketing', 'cards'],
  packs: ['console', 'marketing', 'packs'],
} as const;

export const consolePlansQuery = queryOptions({
  queryKey: marketingKey.plans,
  queryFn: () => consoleGet<AdminPlan[]>(P.plans),
});
export const createConsolePlan = (body: ConsolePlanCreateBody) => consolePost<AdminPlan>(P.planCreate, body);
export const updateConsolePlan = (body: ConsolePlanUpdateBody) => consolePost<AdminPlan>(P.planUpdate, body);
export const enableConsolePlan = (body: ConsolePlanEnableBody) => consolePost<AdminPlan>(P.planEnable, body);

export const consoleCouponsQuery = queryOptions({
  queryKey: marketingKey.coupons,
  queryFn: () => consoleGet<AdminCoupon[]>(P.coupons),
});
export const createConsoleCoupon = (body: ConsoleCouponCreateBody) => consolePost<AdminCoupon>(P.couponCreate, body);
export const grantConsoleCoupon = (body: ConsoleCouponGrantBody) => consolePost<AdminCouponGrant>(P.couponGrant, body);

export const consoleCardBatchesQuery = queryOptions({
  queryKey: [...marketingKey.cards, 'batches'],
  queryFn: () => consoleGet<ConsoleCardBatch[]>(P.cardBatches),
});
/** A batch's cards with who redeemed each and when. */
export const consoleBatchCardsQuery = (batch: string) =>
  queryOptions({
    queryKey: [...marketingKey.cards, 'batch', batch],
    queryFn: () => consoleGet<AdminCardList>(P.cards, { batch }),
  });
export const createConsoleCardBatch = (body: ConsoleCardBatchBody) =>
  consolePost<ConsoleCardBatchMade>(P.cardBatchCreate, body);

/** Downloads a batch's cards as CSV (the server names the file). */
export async function downloadCardBatch(batch: string) {
  const { blob, filename } = await consoleFile(P.cardExport, { batch });
  saveFile(blob, filename ?? `会员卡-${batch}.csv`);
}

export const consolePacksQuery = queryOptions({
  queryKey: marketingKey.packs,
  queryFn: () => consoleGet<AdminPackage[]>(P.packs),
});
export const createConsolePack = (body: ConsolePackageCreateBody) => consolePost<AdminPackage>(P.packCreate, body);
export const updateConsolePack = (body: ConsolePackageUpdateBody) => consolePost<AdminPackage>(P.packUpdate, body);
