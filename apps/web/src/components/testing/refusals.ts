import { Code, defaultMessages, type GradeCode } from '@dso/contract';
import { ApiError } from '../../lib/api/errors';

/**
 * The 810 refusal the server sends when the viewer's grade lacks a right: its default message, reason
 * `lacking` and the pay action, naming the permission's alias and the lowest grade that has it.
 */
export function lackingRightError(alias: string, grade: GradeCode) {
  return new ApiError(Code.NEEDS_UPGRADE, defaultMessages[Code.NEEDS_UPGRADE], {
    alias,
    reason: 'lacking',
    action: 'pay',
    grade,
  });
}
