import { FileZipOutlined } from '@ant-design/icons';
import { imageTextLimits, imageTextMessages, worksOfStatusId } from '@dso/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppDialog, FilePickButton, listedFile, UploadFileList, type UploadFileStatus } from '../../../components';
import { ApiError, NETWORK_FAILURE } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { handleQuotaFailure } from '../../permissions';
import { imageTextKeys, imageTextUseQuery, runTemplateStep, uploadWorksArchive } from '../api/image-text-api';
import { pickArchives, statusLabel, stepDecision } from '../works-upload-rules';

interface UploadEntry {
  uid: number;
  file: File;
  status: UploadFileStatus;
  percent: number;
  /** The server's status_id once parsed (`<id>_<N>`). */
  statusId: string | null;
  /** The template step ran for it. */
  stepped: boolean;
  /** Why the server refused it, shown under its line. */
  reason: string | null;
}

let nextUid = 1;

export interface WorksUploadDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * The image-text works upload (002 §2, §3, §5, §7, §8): up to two .zip/.tar archives under 1 GB, each listed
 * with its name, size in kb, status and percentage; 确定 uploads the pending ones (each parsed by the
 * server into a status_id `<id>_N`), then runs the template step for every parsed file not yet requested —
 * after asking 当前剩余额度不足，是否上传前N个作品？ when the works outnumber the units left, and refusing
 * with 当前剩余额度不足 when none is left; once every file is in, the dialog closes. Failed files can be
 * retried; any finished one deleted.
 */
export function WorksUploadDialog({ open, onClose }: WorksUploadDialogProps) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<number | null>(null);
  const update = (uid: number, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((entry) => (entry.uid === uid ? { ...entry, ...change } : entry)));

  const remainingNow = async () => {
    const use = await queryClient.fetchQuery(imageTextUseQuery());
    return Math.max(0, use.per_val - use.use_val);
  };

  const pick = async (picked: File[]) => {
    const { accepted, message } = pickArchives(entries.length, picked);
    if (message) toast(message, 'warning');
    if (accepted.length === 0) return;
    setEntries((list) => [
      ...list,
      ...accepted.map((file) => ({
        uid: nextUid++,
        file,
        status: -1 as const,
        percent: 0,
        statusId: null,
        stepped: false,
        reason: null,
      })),
    ]);
  };

  /** Uploads one file; its status_id, or null when it failed. */
  const send = async (entry: UploadEntry): Promise<string | null> => {
    update(entry.uid, { status: 1, percent: 0, statusId: null, reason: null });
    try {
      const statusId = await uploadWorksArchive(entry.file, (percent) => update(entry.uid, { percent }));
      update(entry.uid, { status: 2, percent: 100, statusId });
      return statusId;
    } catch (error) {
      const failedUpload = !(error instanceof ApiError) || error.code === NETWORK_FAILURE;
      // A refusal came after the whole file was sent: its bar is full, its line says why.
      update(
        entry.uid,
        failedUpload ? { status: 3 } : { status: 4, percent: 100, reason: (error as ApiError).message || null },
      );
      handleQuotaFailure(error);
      return null;
    }
  };

  /** The template step of each parsed file not yet requested, in list order. */
  const step = async (parsed: Array<{ uid: number; statusId: string }>) => {
    let added = 0;
    let failed = false;
    for (const item of parsed) {
      try {
        const result = await runTemplateStep(item.statusId);
        added += result.added;
        update(item.uid, { stepped: true });
      } catch (error) {
        handleQuotaFailure(error);
        failed = true;
        break;
      }
    }
    await queryClient.invalidateQueries({ queryKey: imageTextKeys.all });
    if (added > 0) toast(imageTextMessages.templateApplied(added), 'success');
    if (!failed && entries.every((entry) => entry.status === 2 || parsed.some((item) => item.uid === entry.uid))) {
      // Everything listed is in: the works are in the history behind the dialog.
      setEntries([]);
      onClose();
    }
  };

  const parsedWaiting = (list: UploadEntry[]) =>
    list
      .filter((entry) => entry.status === 2 && entry.statusId && !entry.stepped)
      .map((entry) => ({ uid: entry.uid, statusId: entry.statusId! }));

  const confirm = async (list: UploadEntry[] = entries) => {
    setBusy(true);
    try {
      if ((await remainingNow()) <= 0) {
        toast(imageTextMessages.quotaNone, 'warning');
        return;
      }
      const uploaded: Array<{ uid: number; statusId: string }> = [];
      for (const entry of list) {
        if (entry.status === 2 && entry.statusId && !entry.stepped)
          uploaded.push({ uid: entry.uid, statusId: entry.statusId });
        if (entry.status !== -1) continue;
        const statusId = await send(entry);
        if (statusId) uploaded.push({ uid: entry.uid, statusId });
      }
      if (uploaded.length === 0) return;
      const works = uploaded.reduce((sum, item) => sum + worksOfStatusId(item.statusId), 0);
      const decision = stepDecision(works, await remainingNow());
      if (decision.kind === 'refuse') toast(imageTextMessages.quotaNone, 'warning');
      else if (decision.kind === 'ask') setAsking(decision.first);
      else await step(uploaded);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setEntries([]);
    onClose();
  };
  const pending = entries.filter((entry) => entry.status === -1 || (entry.status === 2 && !entry.stepped));

  return (
    <>
      <AppDialog
        open={open}
        title="上传图文作品"
        width={580}
        confirmText="确定"
        confirmDisabled={pending.length === 0 || busy}
        confirmLoading={busy}
        onConfirm={() => confirm()}
        onCancel={close}
        cancelText="关闭"
        maskClosable={false}
      >
        <div className="it-upload" data-testid="works-upload-dialog">
          <p className="tool-hint">
            支持 .zip、.tar 格式，一次最多 {imageTextLimits.uploadFilesMax} 个文件，单个文件小于
            1G。每个作品一个文件夹，放入图片（jpg、png、webp）和一个 txt 文件（第一行为标题，其余为正文）。
          </p>
          <FilePickButton
            accept=".zip,.tar"
            inputTestId="works-upload-input"
            disabled={busy}
            onPick={(files) => void pick(files)}
          />
          <UploadFileList
            items={entries.map((entry) =>
              listedFile(
                entry,
                `${statusLabel(entry.status, entry.statusId)}${entry.stepped ? '（已添加）' : ''}`,
                entry.reason,
              ),
            )}
            icon={<FileZipOutlined />}
            busy={busy}
            onRetry={(uid) =>
              void confirm(entries.map((item) => (item.uid === uid ? { ...item, status: -1 as const } : item)))
            }
            onDelete={(uid) => setEntries((list) => list.filter((item) => item.uid !== uid))}
          />
        </div>
      </AppDialog>
      <AppDialog
        open={asking !== null}
        title="提示"
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          setAsking(null);
          setBusy(true);
          try {
            await step(parsedWaiting(entries));
          } finally {
            setBusy(false);
          }
        }}
      >
        <p data-testid="quota-first-n">{imageTextMessages.quotaFirstN(asking ?? 0)}</p>
      </AppDialog>
    </>
  );
}
