import { type CardInspect, type GradeCode, OrderPath } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** What a redemption granted (contract `cardExchangeSchema`): the grade and the new end, Unix seconds. */
export interface CardExchangeResult {
  grade: GradeCode;
  end_time: number;
}

/** `GET /api/card_code/exchange_inspect`: what redeeming the code would do (NEW, EXTEND or OFFSET). */
export function inspectCard(code: string) {
  return request<CardInspect>(OrderPath.cardInspect, { query: { code } });
}

/** `GET /api/card_code/exchange`: redeems the code. */
export function exchangeCard(code: string) {
  return request<CardExchangeResult>(OrderPath.cardExchange, { query: { code } });
}
