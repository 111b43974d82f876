import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import type { ReactNode } from 'react';
import '../components.css';

/** An upload file item's status (002 §3): -1 pending, 1 uploading, 2 success, 3 upload failed, 4 add or parse failed. */
export type UploadFileStatus = -1 | 1 | 2 | 3 | 4;

/** One listed file as the upload dialogs show it (002 §2, §3). */
export interface UploadFileListItem {
  uid: number;
  name: string;
  /** Bytes; shown in kb. */
  size: number;
  status: UploadFileStatus;
  percent: number;
  /** The status as the dialog words it (its success and failure texts differ by upload, 002 §8). */
  label: ReactNode;
  /** A line under the bar: the server's reason, or what a file added. */
  note?: ReactNode;
}

export interface UploadFileListProps {
  items: readonly UploadFileListItem[];
  /** The file type's icon. */
  icon: ReactNode;
  /** An upload is running: retry and delete wait. */
  busy: boolean;
  /** Retrying is not possible now (no quota left). */
  retryDisabled?: boolean;
  onRetry(uid: number): void;
  onDelete(uid: number): void;
}

/** A file a dialog holds: what it picked and how far its upload is. */
export interface PickedFile {
  uid: number;
  file: File;
  status: UploadFileStatus;
  percent: number;
}

/** A picked file as the list shows it, with the dialog's wording of its status and the line under it. */
export function listedFile(entry: PickedFile, label: ReactNode, note: ReactNode): UploadFileListItem {
  return {
    uid: entry.uid,
    name: entry.file.name,
    size: entry.file.size,
    status: entry.status,
    percent: entry.percent,
    label,
    note,
  };
}

/** A file's size in kb as the upload lists show it (002 §2). */
export const sizeInKb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))}kb`;

/**
 * The file list of the upload dialogs (002 §2, §4): each file with its name, size in kb, status and percentage
 * bar; failed ones (upload or add/parse) can be retried, any but the one uploading deleted.
 */
export function UploadFileList({ items, icon, busy, retryDisabled, onRetry, onDelete }: UploadFileListProps) {
  return (
    <ul className="dso-upload-files" aria-label="上传文件列表">
      {items.map((item) => (
        <li key={item.uid} className="dso-upload-files__file" data-testid="upload-file" data-status={item.status}>
          <span className="dso-upload-files__icon">{icon}</span>
          <div className="dso-upload-files__main">
            <div className="dso-upload-files__line">
              <span className="dso-upload-files__name" title={item.name}>
                {item.name}
              </span>
              <span className="dso-upload-files__size">{sizeInKb(item.size)}</span>
              <span
                className={`dso-upload-files__status is-${item.status === 2 ? 'ok' : item.status > 2 ? 'bad' : 'wait'}`}
              >
                {item.label}
              </span>
            </div>
            <Progress
              percent={item.percent}
              size="small"
              status={item.status > 2 ? 'exception' : item.status === 2 ? 'success' : 'normal'}
            />
            {item.note && (
              <div className={`dso-upload-files__note${item.status > 2 ? ' is-bad' : ''}`}>{item.note}</div>
            )}
          </div>
          <div className="dso-upload-files__actions">
            {item.status > 2 && (
              <Button
                type="link"
                size="small"
                icon={<RedoOutlined />}
                disabled={busy || retryDisabled}
                onClick={() => onRetry(item.uid)}
              >
                重试
              </Button>
            )}
            {item.status !== 1 && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={busy}
                onClick={() => onDelete(item.uid)}
              >
                删除
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
