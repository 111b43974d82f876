import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { type CopywriterStart, type CopywriterWork, copywriterLimits } from '@dso/contract';
import { keywordLimits, keywordMessages, trimKeyword } from '@dso/domain';
import { Button, Skeleton, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { KeywordField, NoData, openLoginDialog } from '../../../components';
import { AiOutputPanel } from '../../../components/ai-text/ai-output-panel';
import { useWorkSaving } from '../../../lib/api/saved-works';
import { useAiStream } from '../../../lib/api/use-ai-stream';
import { toast } from '../../../lib/feedback';
import { recordIdOf } from '../../../lib/record-id';
import { withSearchParams } from '../../../lib/search-params';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { copywriterWorks, generatePath } from '../api/copywriters';
import { CopywriterHistory } from '../components/copywriter-history';
import { CopywriterSources } from '../components/copywriter-sources';
import '../copywriters.css';

type Tab = 'write' | 'history';

/**
 * /copyWriters (AI 文案): a keyword in, a short-video script out, written from the keyword's top
 * videos and related words and citing them. `?keyword=` fills the keyword in, `?work=<id>` reopens a
 * saved script, `?tab=history` shows 历史文案.
 */
export default function CopywritersPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'write';
  const workId = recordIdOf(params.get('work'));
  const saved = copywriterWorks.useWork(workId);
  const keyword = trimKeyword(params.get('keyword') ?? '').slice(0, keywordLimits.single);

  const showTab = (next: string) => setParams(withSearchParams(params, { tab: next === 'history' ? 'history' : null }));
  const reopen = (id: number) => setParams(new URLSearchParams({ work: String(id) }));

  let workspace: ReactNode;
  if (workId !== null && (saved.isPending || saved.isError)) {
    workspace = saved.isError ? <NoData text="文案不存在或已删除" /> : <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    workspace = (
      <CopywriterWorkspace key={saved.data?.id ?? `new-${keyword}`} keyword={keyword} work={saved.data ?? null} />
    );
  }

  return (
    <div className="tool-page" data-testid="copywriters-page">
      <header className="cw-hero">
        <div>
          <h1 className="tool-hero__title">AI文案</h1>
          <p className="tool-hint">输入关键词，AI 参考该词下的热门视频与相关搜索词，一键生成短视频口播文案</p>
        </div>
      </header>
      <Tabs
        activeKey={tab}
        onChange={showTab}
        items={[
          {
            key: 'write',
            label: (
              <span>
                <EditOutlined /> 生成文案
              </span>
            ),
            children: workspace,
          },
          {
            key: 'history',
            label: (
              <span>
                <HistoryOutlined /> 历史文案
              </span>
            ),
            children: tab === 'history' ? <CopywriterHistory onOpen={reopen} /> : null,
          },
        ]}
      />
    </div>
  );
}

function CopywriterWorkspace({ keyword: initialKeyword, work }: { keyword: string; work: CopywriterWork | null }) {
  const token = useSession((state) => state.token);
  const [keyword, setKeyword] = useState(work?.keyword ?? initialKeyword);
  const stream = useAiStream<CopywriterStart>({
    text: work?.content ?? '',
    start: work ? { sandbox: work.sandbox, sources: work.sources } : null,
    status: work ? 'done' : 'idle',
  });
  const { text, status, start } = stream;
  /** The keyword the current text was written for. */
  const [writtenFor, setWrittenFor] = useState(work?.keyword ?? '');
  const [attempt, setAttempt] = useState(0);
  const saving = useWorkSaving('copywriters', work, copywriterLimits.titleMax);

  const streaming = status === 'streaming';
  const hasText = text.length > 0;
  const word = trimKeyword(keyword);
  const regenerating = hasText && word === writtenFor;
  const defaultTitle = writtenFor ? `AI文案：${writtenFor}` : 'AI文案';

  const generate = async () => {
    if (!word) return toast(keywordMessages.required, 'warning');
    if (!token) return openLoginDialog();
    const next = regenerating ? attempt + 1 : 0;
    if (word !== writtenFor) {
      // Another keyword is another script: saving it makes a new entry.
      saving.startNew();
    }
    setWrittenFor(word);
    setAttempt(next);
    // 810 opens the upgrade ladder or the buy-times dialog; other failures were shown by the client.
    await stream.run(generatePath, { keyword: word, attempt: next }, handleQuotaFailure);
  };

  const save = async (plain: string) => {
    if (!token) return openLoginDialog();
    await saving.save(defaultTitle, (entry) =>
      copywriterWorks.save({
        ...entry,
        keyword: writtenFor,
        content: plain,
        sources: start?.sources ?? { videos: [], words: [] },
        sandbox: start?.sandbox ?? false,
      }),
    );
  };

  return (
    <div className="tool-workspace cw-workspace" data-testid="copywriter-workspace" data-status={status}>
      <div className="cw-side">
        <section className="tool-panel" aria-label="填写关键词">
          <form
            className="cw-form"
            onSubmit={(event) => {
              event.preventDefault();
              void generate();
            }}
          >
            <KeywordField
              id="cw-keyword"
              labelClassName="cw-panel__title"
              value={keyword}
              disabled={streaming}
              onChange={setKeyword}
            />
            <div className="cw-actions">
              {streaming ? (
                <Button key="stop" danger size="large" onClick={stream.stop}>
                  停止生成
                </Button>
              ) : (
                <Button key="go" type="primary" size="large" htmlType="submit">
                  {regenerating ? '重新生成' : '生成文案'}
                </Button>
              )}
            </div>
          </form>
        </section>
        {start && <CopywriterSources sources={start.sources} />}
      </div>
      <AiOutputPanel
        className="tool-panel"
        stream={stream}
        maxLength={copywriterLimits.contentMax}
        testId="copywriter-output"
        emptyText="输入关键词后点击生成文案"
        save={{ label: '文案标题', placeholder: defaultTitle, work: saving, onSave: (plain) => void save(plain) }}
      />
    </div>
  );
}
