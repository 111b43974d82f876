import { ArrowRightOutlined, CrownFilled } from '@ant-design/icons';
import { type Grade, gradeNames, gradeRank } from '@dso/domain';
import { Fragment } from 'react';
import { ladderTiers } from '../../orders';

/**
 * The upgrade ladder (001 §4): the sold tiers from FREE to EVIP with the user's tier and the offered
 * one marked. A CVIP or GVIP user sees their own tier in its place on the ladder.
 */
export function TierLadder({ current, target }: { current: Grade; target: Grade }) {
  const tiers: Grade[] = [...ladderTiers];
  if (!tiers.includes(current)) tiers.push(current);
  tiers.sort((a, b) => gradeRank(a) - gradeRank(b));
  return (
    <ol className="dso-ladder" aria-label="会员等级">
      {tiers.map((tier, index) => {
        const isCurrent = tier === current;
        const isTarget = tier === target && !isCurrent;
        const classes = [
          'dso-ladder__step',
          isCurrent && 'is-current',
          isTarget && 'is-target',
          gradeRank(tier) < gradeRank(current) && 'is-passed',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Fragment key={tier}>
            {index > 0 && <ArrowRightOutlined className="dso-ladder__arrow" aria-hidden />}
            <li className={classes} data-grade={tier}>
              {tier !== 'FREE' && <CrownFilled className="dso-ladder__crown" aria-hidden />}
              <span className="dso-ladder__name">{gradeNames[tier]}</span>
              {isCurrent && <span className="dso-ladder__tag">当前</span>}
              {isTarget && <span className="dso-ladder__tag dso-ladder__tag--target">推荐</span>}
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
