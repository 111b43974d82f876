import { monitoringLimits, monitoringMessages } from '@dso/contract';
import type { UploadFileStatus } from '../../components';

/**
 * The rank-monitoring upload dialog's rules (002 §3, §5, §8): which picked files join the list, and the file
 * item's statuses.
 */

/** An upload file item's status (002 §3), as the shared file list takes it. */
export type UploadStatus = UploadFileStatus;

export const uploadStatusLabels: Record<UploadStatus, string> = {
  [-1]: '待上传',
  1: '上传中',
  2: monitoringMessages.added,
  3: monitoringMessages.uploadFailed,
  4: monitoringMessages.addFailed,
};

const MAX_BYTES = monitoringLimits.uploadMaxMb * 1024 * 1024;

/**
 * What a pick does (002 §5), in order:
 * 1. two files already listed: nothing joins, 最多只能上传两个文件,请先删除;
 * 2. more than two picked at once: nothing joins, 一次最多上传两个文件;
 * 3. more picked than the list has room for: nothing joins, 最多只能上传两个文件,请先删除;
 * 4. a file that is not .xlsx/.xls, or 20 MB or more, stays out with its message; the others join.
 */
export function pickFiles<T extends { name: string; size: number }>(
  listed: number,
  picked: readonly T[],
): { accepted: T[]; message: string | null } {
  if (picked.length === 0) return { accepted: [], message: null };
  if (listed >= monitoringLimits.uploadFiles) return { accepted: [], message: monitoringMessages.uploadListFull };
  if (picked.length > monitoringLimits.uploadFiles) return { accepted: [], message: monitoringMessages.uploadTooMany };
  if (listed + picked.length > monitoringLimits.uploadFiles) {
    return { accepted: [], message: monitoringMessages.uploadListFull };
  }
  let message: string | null = null;
  const accepted = picked.filter((file) => {
    if (!/\.xlsx?$/i.test(file.name)) {
      message = monitoringMessages.fileType;
      return false;
    }
    if (file.size >= MAX_BYTES) {
      message = monitoringMessages.uploadTooLarge;
      return false;
    }
    return true;
  });
  return { accepted, message };
}
