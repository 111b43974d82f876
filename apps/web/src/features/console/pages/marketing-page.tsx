import type { ConsoleMe } from '@dso/contract';
import { Tabs } from 'antd';
import { MarketingCards } from '../components/marketing-cards';
import { MarketingCoupons } from '../components/marketing-coupons';
import { MarketingPacks } from '../components/marketing-packs';
import { MarketingPlans } from '../components/marketing-plans';

/** 套餐与卡券 (docs/console.md; 管理员 and 财务): plans, coupons, membership-card batches and count packs. */
export default function MarketingPage({ me: _me }: { me: ConsoleMe }) {
  return (
    <>
      <h2>套餐与卡券</h2>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'plans', label: '套餐', children: <MarketingPlans /> },
          { key: 'coupons', label: '优惠券', children: <MarketingCoupons /> },
          { key: 'cards', label: '会员卡', children: <MarketingCards /> },
          { key: 'packs', label: '次数包', children: <MarketingPacks /> },
        ]}
      />
    </>
  );
}
