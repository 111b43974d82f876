import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session';
import { SettingOrdersSection } from './setting-orders-section';
import { SettingSidebar, settingSections } from './setting-sidebar';
import '../orders-setting.css';

/** The section a `type` query names; an absent or not yet built one shows 我的订单. */
export function settingSectionOf(type: string | null): string {
  return settingSections.some((section) => section.type === type) ? (type as string) : 'first';
}

/**
 * /setting, the personal centre (000 §2.1–§2.4): the setting layout (no footer) with the sidebar and
 * the section the `type` query names. Only 我的订单 (`type=first`) is built so far.
 */
export default function SettingPage() {
  const userInfo = useSession((state) => state.userInfo);
  const [params, setParams] = useSearchParams();
  const active = settingSectionOf(params.get('type'));
  return (
    <div className="setting-page" data-testid="setting-page">
      <SettingSidebar userInfo={userInfo} active={active} onSelect={(type) => setParams({ type })} />
      <div className="setting-content">{active === 'first' && <SettingOrdersSection />}</div>
    </div>
  );
}
