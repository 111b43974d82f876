import { type PermissionAlias, platformIdSchema, videoMessages, videoTabAliases } from '@dso/contract';
import { Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { DemoBanner, FeatureTierBadge, NoData, RecordLoading } from '../../../components';
import { TabLoginGate } from '../../videos/audience';
import { useCreatorProfile } from '../api/get-creator-profile';
import { CreatorAudienceTab } from '../components/creator-audience-tab';
import { CreatorHead } from '../components/creator-head';
import { FollowerTrendTab } from '../components/follower-trend-tab';
import { WorksTab } from '../components/works-tab';
import { personDetailPath } from '../figures';
import '../creators.css';

/**
 * Person detail's tabs, by their address value (`/person/detail/{userid}/{tabVal}`), with the
 * permission flag a tab needs beyond a login (its tier badge).
 */
export const personTabs = [
  { key: 'works', label: '作品', alias: null },
  { key: 'fans', label: '粉丝趋势', alias: null },
  { key: 'portrait', label: '粉丝画像', alias: videoTabAliases.audience },
] as const satisfies readonly { key: string; label: string; alias: PermissionAlias | null }[];
type PersonTab = (typeof personTabs)[number]['key'];

const toTab = (value: string | undefined): PersonTab => personTabs.find((tab) => tab.key === value)?.key ?? 'works';

function LoadedDetail({ userId, tab }: { userId: string; tab: PersonTab }) {
  const navigate = useNavigate();
  const profile = useCreatorProfile(userId);
  if (!profile.isSuccess) {
    return <RecordLoading query={profile} className="cr-empty" notFound={videoMessages.creatorNotFound} />;
  }
  const content: Record<PersonTab, React.ReactNode> = {
    works: <WorksTab userId={userId} />,
    fans: (
      <TabLoginGate type="creator">
        <FollowerTrendTab userId={userId} />
      </TabLoginGate>
    ),
    portrait: (
      <TabLoginGate type="portrait">
        <CreatorAudienceTab userId={userId} />
      </TabLoginGate>
    ),
  };
  return (
    <>
      {profile.data.is_example && <DemoBanner />}
      <CreatorHead profile={profile.data} />
      <Tabs
        className="surface-box cr-tabs"
        activeKey={tab}
        onChange={(key) => void navigate(personDetailPath(userId, key), { replace: true })}
        items={personTabs.map((item) => ({
          key: item.key,
          label: (
            <span className="dso-tab-label">
              {item.label}
              {item.alias && <FeatureTierBadge alias={item.alias} />}
            </span>
          ),
          children: item.key === tab ? content[item.key] : null,
        }))}
      />
    </>
  );
}

/**
 * /person/detail/{userid}/{tabVal}: a creator's head with their figures and collect button, then the
 * works (the shared video grid; a work opens the video detail dialog), follower trend and audience
 * tabs, the tab kept in the address. No usable id: 链接丢失啦，请稍后再试~.
 */
export default function CreatorDetailPage() {
  const { userid, tabVal } = useParams();
  const parsed = platformIdSchema.safeParse(userid ?? '');
  return (
    <div className="page-column cr-page" data-testid="creator-detail-page">
      {parsed.success ? (
        <LoadedDetail key={parsed.data} userId={parsed.data} tab={toTab(tabVal)} />
      ) : (
        <NoData text={videoMessages.linkMissing} />
      )}
    </div>
  );
}
