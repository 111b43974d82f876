import { type Grade, gradeNames, type TierBadge as TierBadgeKind, tierBadge } from '@dso/domain';
import { useSession } from '../../stores/session';
import '../components.css';

/** The grade each badge stands for, for its tooltip. */
const badgeGrades: Record<TierBadgeKind, Grade> = { vip: 'VIP', svip: 'SVIP', evip: 'EVIP' };

export interface TierBadgeProps {
  /** The tier the feature needs. */
  required: Grade;
  /** The user's grade; by default the signed-in user's, and FREE for visitors. */
  grade?: string | null;
  className?: string;
}

/**
 * The tier badge (001 §6, 002 §2): a small VIP (gold), SVIP (purple) or EVIP (black-gold) pill next
 * to a feature that needs a higher tier than the user's; nothing when the user already has it.
 * The domain `tierBadge` picks the icon.
 */
export function TierBadge({ required, grade, className }: TierBadgeProps) {
  const sessionGrade = useSession((state) => state.userInfo?.grade);
  const badge = tierBadge(grade === undefined ? sessionGrade : grade, required);
  if (!badge) return null;
  const title = `${gradeNames[badgeGrades[badge]]}及以上会员可用`;
  return (
    <span className={['dso-tier-badge', `dso-tier-badge--${badge}`, className].filter(Boolean).join(' ')} title={title}>
      {badge.toUpperCase()}
    </span>
  );
}
