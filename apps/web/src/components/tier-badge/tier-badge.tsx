import { type Grade, gradeNames, lowestGrantingGrade, type TierBadge as TierBadgeKind, tierBadge } from '@dso/domain';
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

export interface FeatureTierBadgeProps {
  /** The feature's permission alias; the badge names the lowest tier granting it in the tree. */
  alias: string;
  className?: string;
}

/**
 * The tier badge of a feature known by its permission alias (002 §2, §5: a locked detail tab): the
 * lowest tier granting it in the permission tree the app loaded, when the signed-in user's tier lacks
 * it. The tree is loaded with a login (000 §4), so a visitor, whose tabs ask for a login first, and a
 * page before the tree arrives show none.
 */
export function FeatureTierBadge({ alias, className }: FeatureTierBadgeProps) {
  const roles = useSession((state) => state.roles);
  const required = lowestGrantingGrade(roles, alias);
  return required ? <TierBadge required={required} className={className} /> : null;
}
