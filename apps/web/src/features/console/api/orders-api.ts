import {
  type ConsoleAgreementsPage,
  type ConsoleChannel,
  ConsoleOrderPath,
  type ConsoleOrdersPage,
  type ConsolePlanChoice,
  type ConsoleReconcile,
  type ConsoleReconcileApplyBody,
  type ConsoleReconcileApplyResult,
  type OrderStatus,
} from '@dso/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleGet, consolePost } from './console-request';

/** The orders page's calls (docs/console.md, Orders). */

/** What every query of the page is keyed under. */
export const ordersKey = ['console', 'orders'] as const;

/** The list's filters (contract `consoleOrdersQuerySchema`); days are YYYY-MM-DD, Asia/Shanghai. */
export interface OrderFilters {
  from?: string | undefined;
  to?: string | undefined;
  channel?: ConsoleChannel | undefined;
  kind?: 'membership' | 'pack' | undefined;
  plan?: string | undefined;
  status?: OrderStatus | undefined;
  /** A member's phone or an order number. */
  q?: string | undefined;
  page_no: number;
}

/** `GET /api/console/orders`: a page of orders with the totals of everything the filters match. */
export const consoleOrdersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ordersKey, filters],
    queryFn: () => consoleGet<ConsoleOrdersPage>(ConsoleOrderPath.orders, { ...filters }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/console/orders/plans`: the plans and count packs to filter by. */
export const consolePlanChoicesQuery = queryOptions({
  queryKey: [...ordersKey, 'plans'],
  queryFn: () => consoleGet<ConsolePlanChoice[]>(ConsoleOrderPath.plans),
  staleTime: 5 * 60_000,
});

/** `GET /api/console/orders/agreements`: the 连续包月 agreements in force. */
export const consoleAgreementsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'agreements', pageNo],
    queryFn: () => consoleGet<ConsoleAgreementsPage>(ConsoleOrderPath.agreements, { page_no: pageNo }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/console/orders/reconcile`: a day's orders against the vendors (it asks them, so only on demand). */
export const consoleReconcileQuery = (day: string) =>
  queryOptions({
    queryKey: [...ordersKey, 'reconcile', day],
    queryFn: () => consoleGet<ConsoleReconcile>(ConsoleOrderPath.reconcile, { day }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** 补记: settles the payments of the day (or one order of it) the vendor took and we missed. */
export const applyConsoleReconciliation = (body: ConsoleReconcileApplyBody) =>
  consolePost<ConsoleReconcileApplyResult>(ConsoleOrderPath.reconcileApply, body);
