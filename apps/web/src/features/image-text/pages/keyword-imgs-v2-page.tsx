import { imageTextLimits, imageTextMessages } from '@dso/contract';
import { keywordMessages, validateKeyword } from '@dso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { imageTextKeys, submitImageTextBatch, useImageTextRemaining, useImageTextWorks } from '../api/image-text-api';
import { keywordsOf } from '../batch-keywords';
import { ImageTextNav } from '../components/image-text-nav';
import { WorkImage } from '../components/work-image';
import { WorkStatus } from '../components/work-status';
import { imageTextPaths } from '../image-text-paths';
import '../image-text.css';

/**
 * /keywordImgsV2 (批量创作, login): several keywords → one work each, written and drawn as jobs; the
 * batch's works are listed with their own status, each opening its details once done.
 */
export default function KeywordImgsV2Page() {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const remaining = useImageTextRemaining();
  const [text, setText] = useState('');
  const [batchId, setBatchId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keywords = keywordsOf(text);
  const works = useImageTextWorks({ source: 'batch', ...(batchId ? { batchId } : {}) }, 1, imageTextLimits.pageSizeMax);

  const submit = async () => {
    if (!token) return openLoginDialog();
    if (keywords.length === 0) return toast(imageTextMessages.keywordsEmpty, 'warning');
    if (keywords.length > imageTextLimits.batchMax) return toast(imageTextMessages.batchTooMany, 'warning');
    const invalid = keywords.map((word) => validateKeyword(word)).find(Boolean);
    if (invalid) return toast(invalid, 'warning');
    setSending(true);
    try {
      const result = await submitImageTextBatch(keywords);
      setBatchId(result.batch_id);
      setText('');
      toast(imageTextMessages.batchSubmitted, 'success');
    } catch (error) {
      handleQuotaFailure(error);
    } finally {
      setSending(false);
      void queryClient.invalidateQueries({ queryKey: imageTextKeys.all });
    }
  };

  return (
    <div className="tool-page it-page" data-testid="keyword-imgs-v2-page">
      <ImageTextNav
        title="AI图文批量创作"
        hint={`一次输入多个关键词（每行一个，最多${imageTextLimits.batchMax}个），每个关键词生成一篇图文作品`}
      />
      <section className="tool-panel it-panel it-form" aria-label="批量关键词">
        <label htmlFor="it-keywords" className="it-panel__title">
          关键词
        </label>
        <Input.TextArea
          id="it-keywords"
          value={text}
          placeholder={'每行一个关键词，例如：\n露营装备\n露营'}
          autoSize={{ minRows: 5, maxRows: 12 }}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="it-actions">
          <span className="tool-hint" data-testid="batch-estimate">
            共 {keywords.length} 个关键词，将生成 {keywords.length} 篇图文作品
            {remaining !== null ? `（剩余额度 ${remaining} 个）` : ''}
          </span>
          <Button type="primary" loading={sending} onClick={() => void submit()}>
            批量生成
          </Button>
        </div>
        {keywords.length === 0 && text.trim() && <p className="tool-hint">{keywordMessages.required}</p>}
      </section>
      <section className="tool-panel it-panel" aria-label="生成进度">
        <h2 className="it-panel__title">{batchId ? '本次生成' : '批量生成的作品'}</h2>
        <Table
          rowKey="id"
          size="middle"
          loading={works.isPending && Boolean(token)}
          dataSource={works.data?.result ?? []}
          pagination={false}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            {
              title: '封面',
              key: 'cover',
              width: 80,
              render: (_, row) => <WorkImage workId={row.id} name={row.cover} alt={row.title} className="it-thumb" />,
            },
            { title: '关键词', dataIndex: 'keyword', key: 'keyword', width: 140 },
            { title: '标题', dataIndex: 'title', key: 'title' },
            { title: '状态', key: 'status', width: 260, render: (_, row) => <WorkStatus work={row} /> },
            {
              title: '操作',
              key: 'open',
              width: 100,
              render: (_, row) =>
                row.status === 'done' ? <Link to={imageTextPaths.details(row.id)}>查看</Link> : null,
            },
          ]}
        />
      </section>
    </div>
  );
}
