import type { HeaderTab } from '../../app/route-table';

export function AppHeader({ activeTab }: { activeTab: HeaderTab | null }) {
  return <header className="app-header" data-active-tab={activeTab ?? ''} />;
}
