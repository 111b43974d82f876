import type { CSSProperties, ReactNode } from 'react';
import { useSession } from '../../stores/session';
import { openLoginDialog } from '../upgrade-block/upgrade-actions';
import '../components.css';

export interface PlayButtonProps {
  /** The poster image (`origin_cover`); a dark gradient shows without one. */
  poster?: string | null;
  /** Text for the poster image, e.g. the video description. */
  alt?: string;
  /** Called for a logged-in user's click; visitors get the login dialog instead. */
  onPlay(): void;
  /** Poster proportions; short videos are portrait, 3 / 4. */
  aspectRatio?: CSSProperties['aspectRatio'];
  /** Overlay along the bottom edge, e.g. the duration. */
  children?: ReactNode;
  /** Accessible name of the button; 播放视频 by default. */
  label?: string;
  className?: string;
  style?: CSSProperties;
}

function PlayGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M6.5 3.9v12.2a1 1 0 0 0 1.5.86l10-6.1a1 1 0 0 0 0-1.72l-10-6.1a1 1 0 0 0-1.5.86z" />
    </svg>
  );
}

/**
 * A poster with a centred play button (000 §2.7, 002 §2). Guests who press play get the login
 * dialog (000 §6, 002 §6); logged-in users get `onPlay`.
 */
export function PlayButton({
  poster,
  alt = '',
  onPlay,
  aspectRatio = '3 / 4',
  children,
  label = '播放视频',
  className,
  style,
}: PlayButtonProps) {
  const token = useSession((state) => state.token);
  const play = () => {
    if (!token) openLoginDialog();
    else onPlay();
  };
  return (
    <button
      type="button"
      className={['dso-play', className].filter(Boolean).join(' ')}
      style={{ aspectRatio, ...style }}
      onClick={play}
      aria-label={label}
    >
      {poster && <img className="dso-play__poster" src={poster} alt={alt} loading="lazy" draggable={false} />}
      <span className="dso-play__button">
        <PlayGlyph />
      </span>
      {children && <span className="dso-play__overlay">{children}</span>}
    </button>
  );
}
