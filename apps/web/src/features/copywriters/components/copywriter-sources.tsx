import { LikeOutlined, PlaySquareOutlined } from '@ant-design/icons';
import type { CopywriterSources as Sources } from '@dso/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { openVideoDialog } from '../../videos';

/**
 * What a script drew on: the keyword's top videos, numbered as the script cites them (【参考视频N】),
 * each opening the video detail dialog, with the comments the model read; and the related words,
 * each a link to its keyword detail page.
 */
export function CopywriterSources({ sources }: { sources: Sources }) {
  return (
    <section className="tool-panel cw-sources" aria-label="参考素材" data-testid="copywriter-sources">
      <h2 className="cw-panel__title">参考素材</h2>
      <p className="tool-hint">文案借鉴的热门视频与相关搜索词，点击查看详情</p>
      <h3 className="cw-sources__head">热门视频</h3>
      {sources.videos.length === 0 ? (
        <p className="tool-hint">该关键词暂无收录的视频</p>
      ) : (
        <ol className="cw-videos">
          {sources.videos.map((video, index) => (
            <li key={video.aweme_id} className="cw-video">
              <button
                type="button"
                className="text-button cw-video__title"
                onClick={() => openVideoDialog(video.aweme_id)}
                data-testid="cited-video"
              >
                <Tag color="blue" className="cw-video__no">
                  视频{index + 1}
                </Tag>
                <PlaySquareOutlined /> {video.title}
              </button>
              <span className="cw-video__meta">
                <LikeOutlined /> {formatFigure(video.good_count)}
              </span>
              {video.comments.length > 0 && (
                <ul className="cw-video__comments">
                  {video.comments.map((comment) => (
                    <li key={comment}>“{comment}”</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <h3 className="cw-sources__head">相关搜索词</h3>
      {sources.words.length === 0 ? (
        <p className="tool-hint">该关键词暂无相关搜索词</p>
      ) : (
        <div className="cw-words">
          {sources.words.map((word) => (
            <Link key={word} to={keywordDetailPath({ platform: 'DSO', keyword: word })} data-testid="cited-word">
              <Tag className="cw-word">{word}</Tag>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
