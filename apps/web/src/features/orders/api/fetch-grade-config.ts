import { type GradeConfig, OrderPath } from '@dso/contract';
import { request } from '../../../lib/api/client';

/**
 * `GET /api/order/get_grade_config`: the plans by grade, priced for the asking user (amounts in fen).
 * Silent: the pay box says 套餐数据获取失败 itself and the bottom bar simply shows no price.
 */
export function fetchGradeConfig(signal?: AbortSignal) {
  return request<GradeConfig>(OrderPath.gradeConfig, { silent: true, signal });
}
