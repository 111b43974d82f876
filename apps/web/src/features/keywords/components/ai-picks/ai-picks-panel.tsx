import { EditOutlined, RobotOutlined } from '@ant-design/icons';
import { KeywordPickPath, type KeywordPickStart } from '@dso/contract';
import { pickedWords } from '@dso/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CompetitionStars, GrowthText, openLoginDialog } from '../../../../components';
import { AiStatusTags } from '../../../../components/ai-text/ai-status-tags';
import { useAiStream } from '../../../../lib/api/use-ai-stream';
import { formatFigure } from '../../../../lib/figures';
import { keywordDetailPath } from '../../../../lib/keyword-addresses';
import { useSession } from '../../../../stores/session';
import { copywritersPath } from '../../../copywriters';
import { handleQuotaFailure } from '../../../permissions';
import './ai-picks.css';

/**
 * AI 选词's AI part (/keyWordSeo): the model picks the high-value words among the library's
 * blue-ocean candidates for the core word the user searched (none: it asks for one rather than pick
 * words unrelated to what they want) and says why, streamed and stoppable. Each pick shows the
 * figures the library shows this user beside it (banded unless show_original_data), links to its
 * detail page and to AI 文案 with the word filled in.
 */
export function AiPicksPanel({ keyword }: { keyword: string }) {
  const token = useSession((state) => state.token);
  const stream = useAiStream<KeywordPickStart>();
  const { text, status, start } = stream;
  const [attempt, setAttempt] = useState(-1);
  const streaming = status === 'streaming';
  const candidates = start?.candidates ?? [];
  const picks = useMemo(
    () =>
      pickedWords(
        text,
        candidates.map((row) => row.keyword),
      ).map((pick) => ({ ...pick, row: candidates.find((row) => row.keyword === pick.word)! })),
    [text, candidates],
  );

  const run = () => {
    if (!token) return openLoginDialog();
    const next = attempt + 1;
    setAttempt(next);
    void stream.run(KeywordPickPath.pick, { keyword, attempt: next }, handleQuotaFailure);
  };

  return (
    <section className="kw-ai-picks" aria-label="AI 挑词" data-testid="ai-picks" data-status={status}>
      <header className="kw-ai-picks__head">
        <div>
          <h2 className="kw-ai-picks__title">
            <RobotOutlined /> AI 挑词{' '}
            <AiStatusTags status={status} sandbox={Boolean(start?.sandbox && text)} streamingLabel="挑选中…" />
          </h2>
          <p className="tool-hint">
            {start
              ? `AI 从 ${candidates.length} 个蓝海候选词中挑选最值得做的词，并说明理由`
              : keyword
                ? `AI 从「${keyword}」的蓝海词中挑选搜索需求高、竞争小、作品少的词，并说明理由`
                : '先在上方输入核心词并搜索，AI 从它的蓝海词中挑选值得做的词'}
          </p>
        </div>
        {streaming ? (
          <Button danger onClick={stream.stop}>
            停止挑选
          </Button>
        ) : (
          <Button type="primary" icon={<RobotOutlined />} onClick={run} disabled={!keyword}>
            {text ? '重新挑选' : '开始 AI 挑词'}
          </Button>
        )}
      </header>
      {picks.length > 0 && (
        <ol className="kw-ai-picks__list">
          {picks.map(({ word, reason, row }, index) => (
            <li key={word} className="kw-ai-pick" data-testid="ai-pick">
              <div className="kw-ai-pick__head">
                <span className="round-badge kw-ai-pick__no">{index + 1}</span>
                <Link className="kw-ai-pick__word" to={keywordDetailPath({ platform: 'DSO', keyword: word })}>
                  {word}
                </Link>
                <Link className="kw-ai-pick__write" to={copywritersPath(word)}>
                  <EditOutlined /> 写文案
                </Link>
              </div>
              <dl className="kw-ai-pick__figures">
                <div>
                  <dt>搜索指数</dt>
                  <dd data-testid="pick-search-index">{formatFigure(row.search_index)}</dd>
                </div>
                <div>
                  <dt>竞争度</dt>
                  <dd>
                    <CompetitionStars value={row.competition} />
                  </dd>
                </div>
                <div>
                  <dt>相关作品</dt>
                  <dd>{formatFigure(row.related_work_count)}</dd>
                </div>
                <div>
                  <dt>7日增长</dt>
                  <dd>
                    <GrowthText rate={row.growth_rate} />
                  </dd>
                </div>
              </dl>
              {reason && <p className="kw-ai-pick__reason">{reason}</p>}
            </li>
          ))}
        </ol>
      )}
      {text && (
        <details className="kw-ai-picks__text" open={picks.length === 0}>
          <summary>AI 分析全文</summary>
          <pre data-testid="ai-picks-text">{text}</pre>
        </details>
      )}
    </section>
  );
}
