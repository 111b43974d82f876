import { Code, type FrequencyPackage, OrderPath, type PreviewFrequencyOrderBody } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** A count-pack order as the preview answers it (`data.order`, price in fen). */
export interface FrequencyOrder {
  order_id: string;
  price: number;
  /** When the QR stops being payable, Unix seconds. */
  expire_time: number;
}

/**
 * Business refusals the recharge dialog answers with its own message (001 §8) instead of the server's
 * toast; session codes (800, 803, …) still run the catalogue.
 */
const refusalsShownByDialog = [
  Code.NOTICE,
  Code.TOAST,
  Code.BAD_REQUEST,
  Code.NOT_FOUND,
  Code.SERVER_ERROR,
  Code.LIMITED,
];

/**
 * `GET /api/order/frequency_package_list?frequencyType=`: the packs of one count type. The
 * recharge dialog says 套餐数据获取失败 itself when there is nothing to show.
 */
export function fetchFrequencyPackages(frequencyType: number, signal?: AbortSignal) {
  return request<FrequencyPackage[]>(OrderPath.frequencyPackages, {
    query: { frequencyType },
    handles: refusalsShownByDialog,
    signal,
  });
}

/**
 * `POST /api/order/preview_frequency_order`: the order for a pack. A refusal is
 * 订单创建失败,请稍后重试 from the dialog, which then closes (001 §4).
 */
export async function previewFrequencyOrder(body: PreviewFrequencyOrderBody) {
  const data = await request<{ order: FrequencyOrder }>(OrderPath.previewFrequency, {
    method: 'POST',
    body,
    handles: refusalsShownByDialog,
  });
  return data.order;
}
