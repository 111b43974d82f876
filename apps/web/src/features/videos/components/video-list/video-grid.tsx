import type { VideoRow } from '@dso/contract';
import type { ReactNode } from 'react';
import { VideoCard } from './video-card';
import './video-list.css';

export interface VideoGridProps<Row extends VideoRow> {
  videos: readonly Row[];
  /** Colours each title's matches of a search keyword. */
  highlight?: string;
  /** Hides the creator line (a creator's own works). */
  hideCreator?: boolean;
  /** A badge per work, e.g. its rank under a keyword. */
  badge?(video: Row, index: number): ReactNode;
  /** Accessible name of the list, e.g. 视频列表. */
  label?: string;
  now?: number;
  /** Makes the works selectable (the batch extraction bar's selection). */
  selection?: { isSelected(awemeId: string): boolean; toggle(video: Row): void };
}

/**
 * Works as a responsive grid of {@link VideoCard}s: the shared list of the video search, topics, a
 * keyword's ranking, small accounts' breakout works and a creator's works. Empty lists are the
 * caller's to word (each page has its own empty text), so an empty grid renders nothing.
 */
export function VideoGrid<Row extends VideoRow>({
  videos,
  highlight,
  hideCreator,
  badge,
  label = '视频列表',
  now,
  selection,
}: VideoGridProps<Row>) {
  if (videos.length === 0) return null;
  return (
    <ul className="vl-grid" aria-label={label} data-testid="video-grid">
      {videos.map((video, index) => (
        <li key={video.video_id}>
          <VideoCard
            video={video}
            highlight={highlight}
            hideCreator={hideCreator}
            badge={badge?.(video, index)}
            now={now}
            {...(selection
              ? {
                  selection: {
                    selected: selection.isSelected(video.video_id),
                    onToggle: () => selection.toggle(video),
                  },
                }
              : {})}
          />
        </li>
      ))}
    </ul>
  );
}
