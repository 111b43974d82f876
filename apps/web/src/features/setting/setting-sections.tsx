import {
  ApiOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@dso/contract';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { loadApiKeysSection } from '../api-keys';
import { DEFAULT_COLLECT_TYPE, isCollectType } from '../favourites';
import { loadMonitoringSection } from '../monitoring';
import { loadSettingOrdersSection } from '../orders';
import { loadUsageLogSection } from '../permissions';
import { loadAuthorizedAccountsSection } from '../publishing';

/** What a section's component gets: the `type` query as it stands and a way to change it. */
export interface SettingSectionProps {
  type: string;
  setType(type: string): void;
}

/**
 * One section of the personal centre (000 §2.3–§2.4). The sidebar lists {@link settingSections} in
 * order and the page shows the one the `type` query names; a feature adds its section by adding an
 * entry here, with its component loaded lazily from the feature's public face.
 */
export interface SettingSection {
  /** The `type` query value that opens it. */
  type: string;
  label: string;
  icon: ReactNode;
  /** Other `type` values that open it too (the tabs inside it); absent: only `type`. */
  matches?(type: string): boolean;
  /** Whether the viewer sees it; absent: everyone. */
  isShownTo?(userInfo: UserInfo | null): boolean;
  component: ComponentType<SettingSectionProps>;
}

const AccountSection = lazy(() => import('./components/account-section'));
const ChildAccountsSection = lazy(() => import('./components/child-accounts-section'));
const MonitoringSection = lazy(loadMonitoringSection);
const OrdersSection = lazy(loadSettingOrdersSection);
const AuthorizationSection = lazy(loadAuthorizedAccountsSection);
const UsageLogSection = lazy(loadUsageLogSection);
const ApiKeysSection = lazy(loadApiKeysSection);
const FavouritesSection = lazy(async () => {
  const { default: FavouritesSection } = await import('./components/favourites-section');
  return {
    default: ({ type, setType }: SettingSectionProps) => (
      <FavouritesSection type={isCollectType(type) ? type : DEFAULT_COLLECT_TYPE} onTypeChange={setType} />
    ),
  };
});

/** The section `/setting` opens without a `type` (or with one no section answers to). */
export const DEFAULT_SETTING_TYPE = 'account';

/** The personal centre's sections, in the sidebar's order. */
export const settingSections: SettingSection[] = [
  { type: DEFAULT_SETTING_TYPE, label: '账号信息', icon: <IdcardOutlined />, component: AccountSection },
  { type: 'detectiontDouyin', label: '关键词监控', icon: <LineChartOutlined />, component: MonitoringSection },
  {
    type: DEFAULT_COLLECT_TYPE,
    label: '我的收藏',
    icon: <StarOutlined />,
    matches: isCollectType,
    component: FavouritesSection,
  },
  { type: 'first', label: '我的订单', icon: <ProfileOutlined />, component: OrdersSection },
  { type: 'usage', label: '用量明细', icon: <HistoryOutlined />, component: UsageLogSection },
  { type: 'api', label: 'API 密钥', icon: <ApiOutlined />, component: ApiKeysSection },
  { type: 'second', label: '账号授权', icon: <SafetyCertificateOutlined />, component: AuthorizationSection },
  {
    type: 'child',
    label: '子账号管理',
    icon: <TeamOutlined />,
    // A child account holds its parent's rights and cannot have children of its own.
    isShownTo: (userInfo) => !userInfo?.sub_account,
    component: ChildAccountsSection,
  },
];

/** The sections a viewer sees. */
export function visibleSettingSections(userInfo: UserInfo | null): SettingSection[] {
  return settingSections.filter((section) => section.isShownTo?.(userInfo) ?? true);
}

/** The section a `type` query opens for a viewer: the one naming it, else {@link DEFAULT_SETTING_TYPE}. */
export function settingSectionOf(type: string | null, userInfo: UserInfo | null): SettingSection {
  const sections = visibleSettingSections(userInfo);
  const named =
    type === null ? undefined : sections.find((section) => section.type === type || (section.matches?.(type) ?? false));
  return named ?? (sections.find((section) => section.type === DEFAULT_SETTING_TYPE) as SettingSection);
}
