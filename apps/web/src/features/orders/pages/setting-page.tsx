import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session';
import { DEFAULT_COLLECT_TYPE, isCollectType, loadFavouritesSection } from '../../favourites';
import { SettingOrdersSection } from './setting-orders-section';
import { SettingSidebar, settingSections } from './setting-sidebar';
import '../orders-setting.css';

const FavouritesSection = lazy(loadFavouritesSection);

/** The section a `type` query names (any collect type is 我的收藏); an absent or not yet built one shows 我的订单. */
export function settingSectionOf(type: string | null): string {
  if (isCollectType(type)) return DEFAULT_COLLECT_TYPE;
  return settingSections.some((section) => section.type === type) ? (type as string) : 'first';
}

/**
 * /setting, the personal centre (000 §2.1–§2.4): the setting layout (no footer) with the sidebar and
 * the section the `type` query names: 我的订单 (`type=first`) and 我的收藏 (`type=collectDouyin` and its tabs).
 */
export default function SettingPage() {
  const userInfo = useSession((state) => state.userInfo);
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const active = settingSectionOf(type);
  return (
    <div className="setting-page" data-testid="setting-page">
      <SettingSidebar userInfo={userInfo} active={active} onSelect={(type) => setParams({ type })} />
      <div className="setting-content">
        {active === 'first' && <SettingOrdersSection />}
        {active === DEFAULT_COLLECT_TYPE && (
          <Suspense fallback={null}>
            <FavouritesSection
              type={isCollectType(type) ? type : DEFAULT_COLLECT_TYPE}
              onTypeChange={(next) => setParams({ type: next })}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
