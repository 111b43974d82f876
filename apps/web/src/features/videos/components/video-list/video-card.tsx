import type { VideoRow } from '@dso/contract';
import { formatRelativeTime1 } from '@dso/domain';
import { Checkbox } from 'antd';
import type { ReactNode } from 'react';
import { KeywordHighlight } from '../../../../components';
import { formatFigure } from '../../../../lib/figures';
import { useDialogs } from '../../../../stores/dialogs';
import { formatDuration } from '../video-head';
import './video-list.css';

/** Opens the video detail dialog (002 §2) for a work of a list. */
export function openVideoDialog(awemeId: string): void {
  useDialogs.getState().openDialog('video', { id: awemeId });
}

export interface VideoCardProps {
  video: VideoRow;
  /** Colours the title's matches of a search keyword (the keyword-colour highlight of 002 §2). */
  highlight?: string;
  /** Hides the creator line, e.g. on a creator's own works tab. */
  hideCreator?: boolean;
  /** A place badge over the cover's corner, e.g. the rank under a keyword. */
  badge?: ReactNode;
  /** The clock the publish time is read against; now by default (tests pass a fixed one). */
  now?: number;
  /** A selectable list (batch extraction): whether this work is picked, and how to pick it. */
  selection?: { selected: boolean; onToggle(): void };
}

/** The cover, or a drawn placeholder when the work has none ('' on the wire). */
function Cover({ src, alt }: { src: string; alt: string }) {
  if (!src) {
    return (
      <span className="vl-card__placeholder" data-testid="video-cover-placeholder" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="40" height="40" fill="none" aria-hidden="true">
          <rect x="6" y="10" width="36" height="28" rx="4" stroke="currentColor" strokeWidth="2.5" />
          <path d="M21 18.5v11l9-5.5z" fill="currentColor" />
        </svg>
      </span>
    );
  }
  return <img className="vl-card__cover" src={src} alt={alt} loading="lazy" draggable={false} />;
}

const counts = [
  { key: 'good_count', label: '点赞' },
  { key: 'comment_count', label: '评论' },
  { key: 'share_count', label: '分享' },
] as const;

/**
 * A work in a list: cover (or placeholder) with its duration or 图文, the title, the creator, likes /
 * comments / shares in the app's figure format and the publish time relative to now (002 §9, format
 * 1). The cover and the title open the video detail dialog; anyone may open it (the detail call is
 * open), so unlike the dialog's play button a visitor is not sent to log in.
 */
export function VideoCard({ video, highlight, hideCreator = false, badge, now, selection }: VideoCardProps) {
  const open = () => openVideoDialog(video.video_id);
  const title = video.video_desc || '无标题作品';
  return (
    <article className="vl-card" data-testid="video-card" data-video-id={video.video_id}>
      {selection && (
        <Checkbox
          className="vl-card__select"
          checked={selection.selected}
          onChange={selection.onToggle}
          aria-label={`选择：${title}`}
        />
      )}
      <button type="button" className="vl-card__media" onClick={open} aria-label={`查看视频详情：${title}`}>
        <Cover src={video.origin_cover} alt={title} />
        {badge !== undefined && <span className="vl-card__badge">{badge}</span>}
        <span className="vl-card__duration" data-testid="video-card-duration">
          {formatDuration(video.duration)}
        </span>
      </button>
      <div className="vl-card__body">
        <button type="button" className="vl-card__title" onClick={open} title={title}>
          {highlight ? <KeywordHighlight text={title} keyword={highlight} /> : title}
        </button>
        {!hideCreator && (
          <div className="vl-card__creator" data-testid="video-card-creator">
            {video.avatar_larger ? (
              <img className="vl-card__avatar" src={video.avatar_larger} alt="" loading="lazy" />
            ) : (
              <span className="vl-card__avatar vl-card__avatar--blank" aria-hidden="true">
                {video.user_nick_name.slice(0, 1)}
              </span>
            )}
            <span className="vl-card__nick">{video.user_nick_name}</span>
          </div>
        )}
        <ul className="vl-card__counts">
          {counts.map(({ key, label }) => (
            <li key={key} data-testid={`video-card-${key}`}>
              <span className="vl-card__muted">{label}</span> {formatFigure(video[key])}
            </li>
          ))}
        </ul>
        <time
          className="vl-card__time vl-card__muted"
          dateTime={new Date(video.create_time * 1000).toISOString()}
          data-testid="video-card-time"
        >
          {formatRelativeTime1(video.create_time * 1000, now)}发布
        </time>
      </div>
    </article>
  );
}
