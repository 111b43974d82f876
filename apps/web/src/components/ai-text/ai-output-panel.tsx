import { CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { plainCopy } from '@dso/domain';
import { Button, Input } from 'antd';
import type { WorkSaving } from '../../lib/api/saved-works';
import type { AiStreamStart, AiStreamStatus } from '../../lib/api/use-ai-stream';
import { copyText } from '../../lib/clipboard';
import { NoData } from '../no-data/no-data';
import { AiStatusTags } from './ai-status-tags';
import './ai-text.css';

export interface AiOutputPanelProps {
  /** The panel's frame, from the page's own styles. */
  className?: string;
  /** The streamed text (useAiStream); its start event written by the sandbox, the 沙箱示例输出 tag shows. */
  stream: { status: AiStreamStatus; text: string; setText(text: string): void; start: AiStreamStart | null };
  maxLength: number;
  /** `data-testid` of the text box. */
  testId: string;
  /** Shown before anything is generated. */
  emptyText: string;
  save: {
    /** The title box's label (作品标题, 文案标题). */
    label: string;
    placeholder: string;
    /** The work's title and saving state (useWorkSaving); saved before, the button says 保存修改. */
    work: Pick<WorkSaving, 'title' | 'setTitle' | 'titleMax' | 'saving' | 'isSaved'>;
    /** Saves `content`: the text as plain copy, without Markdown marks. */
    onSave(content: string): void;
  };
}

/**
 * The result side of a streamed AI text (AI 创作, AI 文案): 生成结果 with the sandbox, 生成中… and 已停止
 * tags and 复制; the text, read-only while it streams and editable after; a title and 保存 / 保存修改.
 * The sandbox tag sits beside the text, never in it; what is copied and saved is {@link plainCopy}.
 */
export function AiOutputPanel({ className, stream, maxLength, testId, emptyText, save }: AiOutputPanelProps) {
  const { status, text } = stream;
  const sandbox = stream.start?.sandbox ?? false;
  const streaming = status === 'streaming';
  const hasText = text.length > 0;
  return (
    <section className={className} aria-label="生成结果">
      <div className="ai-output__head">
        <h2 className="ai-output__title">
          生成结果 <AiStatusTags status={status} sandbox={sandbox && hasText} />
        </h2>
        <Button icon={<CopyOutlined />} disabled={!hasText || streaming} onClick={() => void copyText(plainCopy(text))}>
          复制
        </Button>
      </div>
      {hasText || streaming ? (
        <>
          <Input.TextArea
            className="ai-output__text"
            aria-label="生成结果"
            data-testid={testId}
            value={text}
            readOnly={streaming}
            autoSize={{ minRows: 12 }}
            maxLength={maxLength}
            onChange={(event) => stream.setText(event.target.value)}
          />
          <div className="ai-output__save">
            <Input
              aria-label={save.label}
              placeholder={save.placeholder}
              value={save.work.title}
              maxLength={save.work.titleMax}
              onChange={(event) => save.work.setTitle(event.target.value)}
            />
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.work.saving}
              disabled={!hasText || streaming}
              onClick={() => save.onSave(plainCopy(text))}
            >
              {save.work.isSaved ? '保存修改' : '保存'}
            </Button>
          </div>
        </>
      ) : (
        <NoData className="ai-output__empty" text={emptyText} />
      )}
    </section>
  );
}
