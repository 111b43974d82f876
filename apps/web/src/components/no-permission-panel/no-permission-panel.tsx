import { type Grade, listFooterTexts } from '@dso/domain';
import type { CSSProperties, ReactNode } from 'react';
import aiSample from '../../assets/no-permission/ai.svg';
import commentSample from '../../assets/no-permission/comment.svg';
import creatorSample from '../../assets/no-permission/creator.svg';
import keywordSample from '../../assets/no-permission/keyword.svg';
import monitorSample from '../../assets/no-permission/monitor.svg';
import portraitSample from '../../assets/no-permission/portrait.svg';
import videoSample from '../../assets/no-permission/video.svg';
import { UpgradeBlock } from '../upgrade-block/upgrade-block';
import '../components.css';

/** The feature types that have a sample picture. */
export type NoPermissionFeature = 'keyword' | 'video' | 'creator' | 'comment' | 'portrait' | 'monitor' | 'ai';

/** Each feature's sample picture and its name for the picture's alternative text. */
export const noPermissionSamples: Record<NoPermissionFeature, { src: string; name: string }> = {
  keyword: { src: keywordSample, name: '关键词数据' },
  video: { src: videoSample, name: '视频数据' },
  creator: { src: creatorSample, name: '达人数据' },
  comment: { src: commentSample, name: '评论分析' },
  portrait: { src: portraitSample, name: '用户画像' },
  monitor: { src: monitorSample, name: '排名监控' },
  ai: { src: aiSample, name: 'AI创作' },
};

export interface NoPermissionPanelProps {
  /** Which sample picture to show. */
  type: NoPermissionFeature;
  /** 权限不足，升级会员版本可查看更多数据~ by default; a row-cap or exhausted message otherwise. */
  message?: ReactNode;
  /** The tier the feature needs, preselected in the pay dialog when above the next tier. */
  needed?: Grade | null;
  /** `dialog` (default) opens the pay dialog; `link` goes to /pay. */
  action?: 'dialog' | 'link';
  /**
   * `upgrade` (default): the user's tier lacks the feature. `login`: a visitor, who is asked to log in
   * with the lists' wording (立即登录注册，查看更多数据 / 立即登录) before any tier is talked about.
   */
  reason?: 'upgrade' | 'login';
  /** Panel height; 360 px by default. */
  height?: CSSProperties['height'];
  className?: string;
}

/**
 * The no-permission panel (000 §2.7, 002 §2): a blurred sample picture of the feature under a veil,
 * with the upgrade block (message and 立即升级) on top. It replaces content the user's tier does
 * not include, e.g. a video-detail tab without its permission key; for a visitor (`reason` login) the
 * block asks for a login instead.
 */
export function NoPermissionPanel({
  type,
  message,
  needed,
  action = 'dialog',
  reason = 'upgrade',
  height = 360,
  className,
}: NoPermissionPanelProps) {
  const sample = noPermissionSamples[type];
  const login = listFooterTexts.noLogin;
  return (
    <div className={['dso-no-permission', className].filter(Boolean).join(' ')} style={{ height }} data-feature={type}>
      <img className="dso-no-permission__sample" src={sample.src} alt={`${sample.name}示例图`} draggable={false} />
      <div className="dso-no-permission__veil">
        {reason === 'login' ? (
          <UpgradeBlock message={message ?? login.text} buttonText={login.button} action="login" />
        ) : (
          <UpgradeBlock message={message} needed={needed} action={action} />
        )}
      </div>
    </div>
  );
}
