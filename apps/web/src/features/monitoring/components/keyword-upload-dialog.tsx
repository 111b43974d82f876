import { FileExcelOutlined } from '@ant-design/icons';
import { Code, MONITOR_ALIAS, type MonitorUploadResult, monitoringLimits } from '@dso/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { AppDialog, FilePickButton, listedFile, UploadFileList } from '../../../components';
import { ApiError, NETWORK_FAILURE } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { handleQuotaFailure, openNoPermission, openQuotaExhausted } from '../../permissions';
import { uploadKeywordFile } from '../api/monitoring-api';
import { pickFiles, type UploadStatus, uploadStatusLabels } from '../upload-rules';

interface UploadEntry {
  uid: number;
  file: File;
  status: UploadStatus;
  percent: number;
  /** The server's message of a failed add, or the summary of a successful one. */
  note: string | null;
}

export interface KeywordUploadDialogProps {
  open: boolean;
  /** KEYWORD_MONITOR_COUNT left (per_val − use_val); confirm is disabled at 0 or less (002 §5). */
  remaining: number;
  onClose(): void;
  /** After each file added (the list and the quota changed). */
  onAdded(result: MonitorUploadResult): void;
}

/** What a successful file did, in one line: added, already monitored, left out for the quota. */
export function uploadSummary(result: MonitorUploadResult): string {
  const parts = [`新增${result.added}个`];
  if (result.existing) parts.push(`已在监控${result.existing}个`);
  if (result.over_quota) parts.push(`超出额度未添加${result.over_quota}个`);
  if (result.invalid) parts.push(`无效${result.invalid}行`);
  return parts.join('，');
}

let nextUid = 1;

/**
 * The rank-monitoring keyword upload (002 §2, §3, §5, §8): up to two .xlsx/.xls files under 20 MB, each
 * listed with its name, size in kb, status and percentage; 确定 uploads the pending ones one after the
 * other; failed ones can be retried, any finished one deleted. Keywords beyond the quota are left out by the
 * server, which says so in the file's line.
 */
export function KeywordUploadDialog({ open, remaining, onClose, onAdded }: KeywordUploadDialogProps) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const update = (uid: number, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((entry) => (entry.uid === uid ? { ...entry, ...change } : entry)));

  const pick = (picked: File[]) => {
    const { accepted, message } = pickFiles(entries.length, picked);
    if (message) toast(message, 'warning');
    if (accepted.length > 0) {
      setEntries((list) => [
        ...list,
        ...accepted.map((file) => ({ uid: nextUid++, file, status: -1 as const, percent: 0, note: null })),
      ]);
    }
  };

  const send = async (entry: UploadEntry) => {
    update(entry.uid, { status: 1, percent: 0, note: null });
    try {
      const result = await uploadKeywordFile(entry.file, (percent) => update(entry.uid, { percent }));
      update(entry.uid, { status: 2, percent: 100, note: uploadSummary(result) });
      onAdded(result);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === NETWORK_FAILURE) {
        update(entry.uid, { status: 3 });
        return;
      }
      update(entry.uid, { status: 4, note: error.message });
      if (error.code === Code.FORBIDDEN) openNoPermission(error.message);
      else handleQuotaFailure(error);
    }
  };

  const sendAll = async (list: UploadEntry[]) => {
    setBusy(true);
    try {
      for (const entry of list) await send(entry);
    } finally {
      setBusy(false);
    }
  };

  const pending = entries.filter((entry) => entry.status === -1);
  const close = () => {
    if (busy) return;
    setEntries([]);
    onClose();
  };

  return (
    <AppDialog
      open={open}
      title="批量上传关键词"
      width={560}
      confirmText="确定"
      confirmDisabled={remaining <= 0 || pending.length === 0 || busy}
      confirmLoading={busy}
      onConfirm={() => sendAll(pending)}
      onCancel={close}
      cancelText="关闭"
      maskClosable={false}
    >
      <div className="mon-upload" data-testid="keyword-upload-dialog">
        <p className="mon-upload__rule">
          支持 .xlsx、.xls 格式，一次最多 {monitoringLimits.uploadFiles} 个文件，单个文件小于{' '}
          {monitoringLimits.uploadMaxMb}
          MB；关键词放在第一列（或表头为“关键词”的列），每个不超过 30 个字。
        </p>
        <p className={`mon-upload__quota${remaining <= 0 ? ' is-empty' : ''}`} data-testid="upload-remaining">
          {remaining > 0 ? `剩余监控额度 ${remaining} 个，超出额度的关键词不会添加` : '监控额度已用完，无法继续添加'}
          {remaining <= 0 && (
            <Button type="link" size="small" onClick={() => openQuotaExhausted('监控额度已用完', MONITOR_ALIAS)}>
              增加额度
            </Button>
          )}
        </p>
        <FilePickButton accept=".xlsx,.xls" inputTestId="upload-input" disabled={busy} onPick={pick} />
        <UploadFileList
          items={entries.map((entry) => listedFile(entry, uploadStatusLabels[entry.status], entry.note))}
          icon={<FileExcelOutlined />}
          busy={busy}
          retryDisabled={remaining <= 0}
          onRetry={(uid) => {
            const entry = entries.find((item) => item.uid === uid);
            if (entry) void sendAll([entry]);
          }}
          onDelete={(uid) => setEntries((list) => list.filter((item) => item.uid !== uid))}
        />
      </div>
    </AppDialog>
  );
}
