import { Spin } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../stores/session';
import { SettingSidebar } from '../components/setting-sidebar';
import { settingSectionOf, visibleSettingSections } from '../setting-sections';
import '../setting.css';

/**
 * /setting, the personal centre (000 §2.1–§2.4): the setting layout (no footer) with the sidebar and
 * the section the `type` query names (see `settingSections`); without a type, or with one no section
 * answers to, the default section.
 */
export default function SettingPage() {
  const userInfo = useSession((state) => state.userInfo);
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const active = settingSectionOf(type, userInfo);
  const Section = active.component;
  const setType = (next: string) => setParams({ type: next });
  return (
    <div className="setting-page" data-testid="setting-page">
      <SettingSidebar
        userInfo={userInfo}
        sections={visibleSettingSections(userInfo)}
        active={active.type}
        onSelect={setType}
      />
      <div className="setting-content">
        <Suspense
          fallback={
            <div className="setting-loading">
              <Spin />
            </div>
          }
        >
          <Section type={type ?? active.type} setType={setType} />
        </Suspense>
      </div>
    </div>
  );
}
