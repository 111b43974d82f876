import { imageTextLimits, imageTextMessages, worksOfStatusId } from '@dso/contract';
import type { UploadFileStatus } from '../../components';

/**
 * The works upload dialog's rules (002 §3, §5, §8): which picked archives join the list, and what to do
 * with the parsed works against the remaining AI_PUB_BATCH_COUNT.
 */

/** What a file's line says for its status; a parsed one names its works (002 §8). */
export function statusLabel(status: UploadFileStatus, statusId: string | null): string {
  if (status === 2) return imageTextMessages.parsed(statusId ? worksOfStatusId(statusId) : 0);
  if (status === 3) return imageTextMessages.uploadFailed;
  if (status === 4) return imageTextMessages.parseFailed;
  return status === 1 ? '上传中' : '待上传';
}

/**
 * What a pick does (002 §5), in order:
 * 1. two files already listed: nothing joins, 最多只能上传两个文件,请先删除;
 * 2. more than two picked at once: nothing joins, 一次最多上传两个文件;
 * 3. more picked than the list has room for: nothing joins, 最多只能上传两个文件,请先删除;
 * 4. a file that is not .zip/.tar, or 1 GB or more, stays out with its message; the others join.
 */
export function pickArchives<T extends { name: string; size: number }>(
  listed: number,
  picked: readonly T[],
): { accepted: T[]; message: string | null } {
  const most = imageTextLimits.uploadFilesMax;
  if (picked.length === 0) return { accepted: [], message: null };
  if (listed >= most) return { accepted: [], message: imageTextMessages.uploadTwoListed };
  if (picked.length > most) return { accepted: [], message: imageTextMessages.uploadTooManyPicked };
  if (listed + picked.length > most) return { accepted: [], message: imageTextMessages.uploadTwoListed };
  let message: string | null = null;
  const accepted = picked.filter((file) => {
    if (!/\.(zip|tar)$/i.test(file.name)) {
      message = imageTextMessages.uploadOnlyArchives;
      return false;
    }
    if (file.size >= imageTextLimits.uploadBytesMax) {
      message = imageTextMessages.uploadTooLarge;
      return false;
    }
    return true;
  });
  return { accepted, message };
}

/**
 * After the archives are parsed (002 §5): with no unit left the works are refused (当前剩余额度不足); when
 * they are more than the units left, the user is asked 当前剩余额度不足，是否上传前N个作品？ (N = the units
 * left); otherwise the template step runs at once.
 */
export function stepDecision(
  works: number,
  remaining: number,
): { kind: 'refuse' } | { kind: 'ask'; first: number } | { kind: 'apply' } {
  if (remaining <= 0) return { kind: 'refuse' };
  if (works > remaining) return { kind: 'ask', first: remaining };
  return { kind: 'apply' };
}
