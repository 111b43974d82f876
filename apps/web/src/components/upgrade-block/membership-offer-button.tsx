import type { UserInfo } from '@dso/contract';
import { type MembershipOffer, membershipOffer } from '@dso/domain';
import { Button } from 'antd';
import { openPayDialog, openRecharge } from './upgrade-actions';

/** The wording of each offer, the same wherever an account's own membership is shown (000 §2.5). */
export const membershipOfferLabels: Record<Exclude<MembershipOffer, 'none'>, string> = {
  upgrade: '升级会员',
  renew: '升级/续费',
  recharge: '购买次数',
};

interface MembershipOfferButtonProps {
  userInfo: Pick<UserInfo, 'grade' | 'sub_account'>;
  size?: 'small' | 'middle';
  /** How an upgrade or renewal opens; the pay dialog with the next tier unless told otherwise. */
  onUpgrade?(): void;
  /** Runs before the dialog opens (the user panel closes itself). */
  onChoose?(): void;
}

/**
 * The buy button beside an account's own membership (user panel, personal centre): upgrade for FREE,
 * upgrade/renew for paid grades, the usage-count recharge for top tier (001 §1), and nothing for a
 * child account, which holds its parent's rights (001 §5, §6).
 */
export function MembershipOfferButton({ userInfo, size, onUpgrade, onChoose }: MembershipOfferButtonProps) {
  const offer = membershipOffer({ grade: userInfo.grade, isChild: userInfo.sub_account });
  if (offer === 'none') return null;
  const open = () => {
    onChoose?.();
    if (offer === 'recharge') openRecharge();
    else if (onUpgrade) onUpgrade();
    else openPayDialog();
  };
  return (
    <Button type="primary" size={size} onClick={open}>
      {membershipOfferLabels[offer]}
    </Button>
  );
}
