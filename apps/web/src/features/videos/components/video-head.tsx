import { type VideoDetail, videoMessages } from '@dso/contract';
import { abbreviateNumber, formatTime } from '@dso/domain';
import { Avatar, Button, Tag } from 'antd';
import { LazyQRCode, openLoginDialog, PlayButton } from '../../../components';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { openCopyExtraction } from '../../extraction';
import { CollectButton } from '../../favourites';
import { RefreshButton } from './refresh-button';

/** Duration in ms as m:ss; 0 is an image-text post (图文). */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '图文';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const figures = [
  { key: 'good_count', label: '点赞' },
  { key: 'comment_count', label: '评论' },
  { key: 'share_count', label: '分享' },
  { key: 'collect_count', label: '收藏' },
] as const;

/** The dialog's head (002 §2): score, poster, text, creator, counts beside the creator's averages, QR. */
export function VideoHead({ video }: { video: VideoDetail }) {
  const token = useSession((state) => state.token);
  const play = () => {
    if (!video.play_url) toast(videoMessages.playUrlMissing, 'warning');
    else window.open(video.play_url, '_blank', 'noopener');
  };
  // 002 §4: login first; then copy extraction (/DouyinVideoOcr, or the configured AI site) in a new tab.
  const extract = () => {
    if (!token) {
      openLoginDialog();
      return;
    }
    openCopyExtraction(video.share_url);
  };
  return (
    <div className="vd-head" data-testid="video-head">
      <div className="vd-head__cover">
        <PlayButton poster={video.origin_cover} alt={video.video_desc} onPlay={play} />
        <span className="vd-head__score" title="视频评分" data-testid="video-score">
          {Math.round(video.video_score)}
        </span>
      </div>
      <div className="vd-head__main">
        {video.status_text && <p className="vd-head__status">{video.status_text}</p>}
        <p className="vd-head__desc">{video.video_desc}</p>
        {video.video_tag.length > 0 && (
          <div className="vd-head__tags">
            {video.video_tag.map((tag) => (
              <Tag key={tag}>#{tag}</Tag>
            ))}
          </div>
        )}
        <div className="vd-head__creator">
          <Avatar src={video.avatar_larger} size={40} />
          <div>
            <div className="vd-head__nick">{video.user_nick_name}</div>
            <div className="vd-head__muted">
              粉丝数 {abbreviateNumber(video.total_follower_count, 1, { zero: true })}
            </div>
          </div>
        </div>
        <div className="vd-head__muted">
          发布时间 {formatTime(video.create_time * 1000, 'YYYY-MM-DD HH:mm')} · 时长{' '}
          <span data-testid="video-duration">{formatDuration(video.duration)}</span>
        </div>
        <ul className="vd-head__figures">
          {figures.map(({ key, label }) => (
            <li key={key} data-testid={`figure-${key}`}>
              <span className="vd-head__muted">{label}</span>
              <b>{abbreviateNumber(video[key], 1, { zero: true })}</b>
              <span className="vd-head__muted">
                达人均值 {abbreviateNumber(video.creator_avg[key], 1, { zero: true })}
              </span>
            </li>
          ))}
        </ul>
        <div className="vd-head__actions">
          <Button size="small" type="primary" onClick={extract}>
            提取文案
          </Button>
          <RefreshButton key={video.video_id} awemeId={video.video_id} lockedUntil={video.refresh_locked_until} />
          <CollectButton
            key={`collect-${video.video_id}`}
            type="collectVideo"
            subject={video.video_id}
            collected={video.collected}
          />
          <span className="vd-head__muted">{videoMessages.forReference}</span>
        </div>
      </div>
      <div className="vd-head__qr">
        <LazyQRCode type="svg" value={video.share_url || '-'} size={96} bordered={false} />
        <span className="vd-head__muted">扫码查看视频</span>
      </div>
    </div>
  );
}
