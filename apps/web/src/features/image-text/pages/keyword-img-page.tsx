import { EditOutlined } from '@ant-design/icons';
import { type ImageTextSourceVideo, imageTextMessages } from '@dso/contract';
import { keywordLimits, keywordMessages, trimKeyword } from '@dso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { KeywordField, NoData, openLoginDialog } from '../../../components';
import { AiStatusTags } from '../../../components/ai-text/ai-status-tags';
import { type AiStreamStart, useAiStream } from '../../../lib/api/use-ai-stream';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { generatePath, imageTextKeys, useImageTextWork } from '../api/image-text-api';
import { ImageTextNav } from '../components/image-text-nav';
import { WorkImage } from '../components/work-image';
import { WorkStatus } from '../components/work-status';
import { imageTextPaths } from '../image-text-paths';
import '../image-text.css';

interface GenerateStart extends AiStreamStart {
  work_id: number;
  sources: ImageTextSourceVideo[];
}

/**
 * /keywordImg (AI 图文, login): a keyword (`?keyword=` fills it in) → one image-text work. The note streams
 * as the model writes it, from the keyword's top videos (listed) and related words; then the cards are
 * drawn as a job and appear one by one; the finished work opens in /keywordImgDetails to edit.
 */
export default function KeywordImgPage() {
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState(trimKeyword(params.get('keyword') ?? '').slice(0, keywordLimits.single));
  const stream = useAiStream<GenerateStart>();
  const { text, status, start } = stream;
  const workId = status === 'done' ? (start?.work_id ?? null) : null;
  const work = useImageTextWork(workId);
  const streaming = status === 'streaming';
  const word = trimKeyword(keyword);

  const generate = async () => {
    if (!word) return toast(keywordMessages.required, 'warning');
    if (!token) return openLoginDialog();
    await stream.run(generatePath, { keyword: word }, handleQuotaFailure);
    void queryClient.invalidateQueries({ queryKey: imageTextKeys.all });
  };

  const current = work.data;
  const finished = current?.status === 'done' || current?.status === 'failed';
  useEffect(() => {
    // A work takes its unit once its pictures are done: show the new remaining count.
    if (finished) void queryClient.invalidateQueries({ queryKey: imageTextKeys.use });
  }, [finished, queryClient]);
  return (
    <div className="tool-page it-page" data-testid="keyword-img-page">
      <ImageTextNav title="AI图文" hint="输入关键词，AI 参考该词下的热门视频与相关搜索词写好图文笔记，并生成整套配图" />
      <div className="tool-workspace">
        <section className="tool-panel it-panel" aria-label="填写关键词">
          <form
            className="it-form"
            onSubmit={(event) => {
              event.preventDefault();
              void generate();
            }}
          >
            <KeywordField
              id="it-keyword"
              labelClassName="it-panel__title"
              value={keyword}
              disabled={streaming}
              onChange={setKeyword}
            />
            {streaming ? (
              <Button danger size="large" onClick={stream.stop}>
                停止生成
              </Button>
            ) : (
              <Button type="primary" size="large" htmlType="submit">
                生成图文
              </Button>
            )}
          </form>
          {start && start.sources.length > 0 && (
            <div className="it-sources" data-testid="image-text-sources">
              <h2 className="it-panel__subtitle">参考的热门视频</h2>
              <ol>
                {start.sources.map((video) => (
                  <li key={video.aweme_id}>{video.title}</li>
                ))}
              </ol>
            </div>
          )}
        </section>
        <section className="tool-panel it-panel" aria-label="生成结果">
          <h2 className="it-panel__title">
            图文笔记{' '}
            <AiStatusTags
              status={status}
              sandbox={Boolean(start?.sandbox && text)}
              stoppedLabel={imageTextMessages.stopped}
            />
          </h2>
          {text ? (
            <pre className="it-note" data-testid="image-text-note">
              {text}
            </pre>
          ) : (
            <NoData text="输入关键词后点击生成图文" />
          )}
          {current && (
            <div className="it-result" data-testid="image-text-result" data-status={current.status}>
              <div className="it-result__head">
                <WorkStatus work={current} />
                {current.status === 'done' && (
                  <Link to={imageTextPaths.details(current.id)}>
                    <Button type="primary" icon={<EditOutlined />}>
                      查看与编辑
                    </Button>
                  </Link>
                )}
              </div>
              <div className="it-grid">
                {current.images.map((name, index) => (
                  <WorkImage key={name} workId={current.id} name={name} alt={`${current.title} 第${index + 1}张`} />
                ))}
              </div>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
