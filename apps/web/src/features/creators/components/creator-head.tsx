import { CheckCircleFilled, HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { CreatorProfile } from '@dso/contract';
import { creatorGenderLabel } from '@dso/domain';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { formatFigure, formatSales } from '../../../lib/figures';
import { useCollectCreator } from '../api/collect-creator';
import { competitorsPath, formatGrowth, placeOf } from '../figures';
import { CreatorAvatar } from './creator-avatar';
import { CreatorClassTags } from './creator-class-tags';

function Figure({ name, value, testId }: { name: string; value: string; testId: string }) {
  return (
    <div className="cr-figure" data-testid={`creator-figure-${testId}`}>
      <span className="cr-figure__value">{value}</span>
      <span className="cr-figure__name">{name}</span>
    </div>
  );
}

/**
 * Person detail's head: the account (avatar, name, 抖音号, verification, field, place, signature,
 * classes), the collect button, a way to its benchmark accounts, and the creator's figures: totals
 * (002 §3 Creator stats), per-work averages, 30-day growth and sales (a band unless exact figures
 * are allowed), live sessions.
 */
export function CreatorHead({ profile }: { profile: CreatorProfile }) {
  const collect = useCollectCreator(profile.user_id);
  const navigate = useNavigate();
  const place = placeOf(profile);
  return (
    <section className="surface-box cr-head" data-testid="creator-head">
      <div className="cr-head__top">
        <CreatorAvatar creator={profile} size={72} />
        <div className="cr-head__who">
          <h1 className="cr-head__name">
            {profile.nick_name}
            {profile.verified && <CheckCircleFilled className="cr-verified" aria-label="已认证" />}
          </h1>
          <p className="cr-head__meta">
            {profile.unique_id && <span>抖音号：{profile.unique_id}</span>}
            {profile.gender !== 0 && <span>{creatorGenderLabel(profile.gender)}</span>}
            {place && <span>{place}</span>}
            {profile.mcn && <span>MCN：{profile.mcn}</span>}
          </p>
          <p className="cr-tags">
            <CreatorClassTags creator={profile} />
            {profile.is_commerce && (
              <Tag variant="filled" color="orange">
                带货 · {profile.sales_class.label}
              </Tag>
            )}
            {profile.verified && profile.verify_info && <Tag variant="outlined">{profile.verify_info}</Tag>}
          </p>
          {profile.signature && <p className="cr-head__signature">{profile.signature}</p>}
        </div>
        <div className="cr-head__actions">
          <Button
            icon={profile.collected ? <HeartFilled /> : <HeartOutlined />}
            loading={collect.isPending}
            onClick={() => collect.mutate(!profile.collected)}
            aria-pressed={profile.collected}
            data-testid="collect-creator"
          >
            {profile.collected ? '已收藏' : '收藏'}
          </Button>
          <Button onClick={() => void navigate(competitorsPath({ userId: profile.user_id }))}>找对标账号</Button>
        </div>
      </div>
      <div className="figure-strip cr-figures">
        <Figure name="粉丝数" value={formatFigure(profile.total_follower_count)} testId="followers" />
        <Figure name="30天涨粉" value={formatGrowth(profile.follower_growth_30d)} testId="growth" />
        <Figure name="获赞总数" value={formatFigure(profile.total_favorited)} testId="favorited" />
        <Figure name="作品数" value={formatFigure(profile.aweme_count)} testId="works" />
        <Figure name="作品评论总数" value={formatFigure(profile.video_comment_total_count)} testId="comments" />
        <Figure name="作品分享总数" value={formatFigure(profile.video_share_total_count)} testId="shares" />
        <Figure name="平均点赞" value={formatFigure(profile.avg_good_count)} testId="avg-good" />
        <Figure name="平均评论" value={formatFigure(profile.avg_comment_count)} testId="avg-comment" />
        <Figure name="近30天销售额" value={formatSales(profile.sales_amount)} testId="sales" />
        <Figure name="直播场次" value={formatFigure(profile.live_count)} testId="lives" />
      </div>
      <p className="cr-head__as-of">数据更新于 {profile.as_of} · 数据仅供参考</p>
    </section>
  );
}
