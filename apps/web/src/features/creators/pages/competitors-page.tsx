import { type CreatorRow, videoMessages } from '@dso/contract';
import { keywordLimits, trimKeyword } from '@dso/domain';
import { AutoComplete, Button, Input, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FeedFooter, LoadFailed, NoData, openLoginDialog, PageHero } from '../../../components';
import { useListFeed } from '../../../components/list-footer/use-list-feed';
import { formatFigure } from '../../../lib/figures';
import { useSession } from '../../../stores/session';
import { COMPETITOR_PAGE_SIZE, type CompetitorSource, useCompetitors } from '../api/get-competitors';
import { useCreatorList } from '../api/get-creator-list';
import { useCreatorProfile } from '../api/get-creator-profile';
import { CreatorAvatar } from '../components/creator-avatar';
import { CreatorRows } from '../components/creator-rows';
import '../creators.css';

/** The route table's load event of /Competitors. */
export const COMPETITOR_LOAD_EVENT = 'competitorListLoad';
/** Accounts the account box suggests while typing. */
const SUGGESTIONS = 8;

type Mode = 'account' | 'keyword';

/** The benchmark source in the address: `userId` (an account) or `keyword`. */
function readSource(search: URLSearchParams): CompetitorSource | null {
  const userId = search.get('userId')?.trim();
  if (userId) return { userId };
  const keyword = search.get('keyword')?.trim();
  return keyword ? { keyword } : null;
}

/** Accounts whose nickname holds the typed text, from the creator library. */
function useAccountSuggestions(text: string) {
  const token = useSession((state) => state.token);
  const query = useCreatorList(
    { keyword: text, field: null, sizeClass: null, province: null, isCommerce: null, sort: 'total_follower_count' },
    token ? 'user' : 'guest',
    // With nothing typed there is nothing to suggest: asking would fetch the whole library's first page.
    { enabled: text !== '' },
  );
  return text ? (query.data?.pages[0]?.result ?? []).slice(0, SUGGESTIONS) : [];
}

function AccountBox({ initial, onPick }: { initial: string; onPick(userId: string): void }) {
  const [text, setText] = useState(initial);
  const [typed, setTyped] = useState('');
  // Ask the library once typing pauses, not on every key.
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(trimKeyword(text)), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const suggestions = useAccountSuggestions(typed);
  const options = suggestions.map((row: CreatorRow) => ({
    value: row.user_id,
    label: (
      <span className="cr-suggestion">
        <CreatorAvatar creator={row} size={24} />
        <span className="cr-suggestion__name">{row.nick_name}</span>
        <span className="cr-suggestion__meta">粉丝 {formatFigure(row.total_follower_count)}</span>
      </span>
    ),
  }));
  return (
    <AutoComplete
      className="cr-competitor-input"
      options={options}
      value={text}
      onChange={setText}
      onSelect={(userId: string) => {
        const picked = suggestions.find((row) => row.user_id === userId);
        setText(picked?.nick_name ?? '');
        onPick(userId);
      }}
      notFoundContent={typed ? '没有找到该达人' : null}
    >
      <Input.Search
        size="large"
        placeholder="输入达人名称，选择要对标的账号"
        maxLength={keywordLimits.single}
        aria-label="达人名称"
        enterButton="选择账号"
        onSearch={() => {
          const first = suggestions[0];
          if (first) {
            setText(first.nick_name);
            onPick(first.user_id);
          }
        }}
      />
    </AutoComplete>
  );
}

function KeywordBox({ initial, onSearch }: { initial: string; onSearch(keyword: string): void }) {
  const [text, setText] = useState(initial);
  return (
    <Input.Search
      size="large"
      className="cr-competitor-input"
      placeholder="输入关键词，找做这个词的账号"
      maxLength={keywordLimits.single}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => {
        const keyword = trimKeyword(value);
        if (keyword) onSearch(keyword);
      }}
      enterButton="找对标"
      aria-label="关键词"
    />
  );
}

/** Whose benchmarks these are: the account's name and size, or the keyword. */
function SourceLine({ source }: { source: CompetitorSource }) {
  if ('keyword' in source) {
    return (
      <p className="cr-source" data-testid="competitor-source">
        关键词「{source.keyword}」的对标账号
      </p>
    );
  }
  return <AccountSource userId={source.userId} />;
}

function AccountSource({ userId }: { userId: string }) {
  const profile = useCreatorProfile(userId);
  if (!profile.data) return null;
  return (
    <p className="cr-source" data-testid="competitor-source">
      <CreatorAvatar creator={profile.data} size={28} />
      <strong>{profile.data.nick_name}</strong>
      <span>
        {profile.data.field ?? '未知领域'} · {profile.data.size_class.label} · 粉丝{' '}
        {formatFigure(profile.data.total_follower_count)}
      </span>
      <span>的对标账号</span>
    </p>
  );
}

function Results({ source }: { source: CompetitorSource }) {
  const query = useCompetitors(source);
  const feed = useListFeed(query, {
    pageSize: COMPETITOR_PAGE_SIZE,
    loadEvent: COMPETITOR_LOAD_EVENT,
  });
  const { rows } = feed;
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return <LoadFailed className="cr-empty" message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) return <NoData text="暂未找到对标账号，换个账号或关键词试试" />;
  return (
    <>
      <CreatorRows rows={rows} label="对标账号" />
      <FeedFooter feed={feed} className="cr-footer" />
    </>
  );
}

/** The line under the page's title. */
const HERO_SUBTITLE = '输入账号或关键词，发现同领域、同量级、做同样关键词的对标账号';

/**
 * /Competitors: find benchmark accounts from an account (picked from the library by name) or from a
 * keyword; each account shows the reasons it matches (same field, similar size, shared keywords and
 * hashtags, works covering the keyword). The answer needs a login: visitors get the login prompt.
 */
export default function CompetitorsPage() {
  const token = useSession((state) => state.token);
  const [search, setSearch] = useSearchParams();
  const source = useMemo(() => readSource(search), [search]);
  const [mode, setMode] = useState<Mode>(source && 'keyword' in source ? 'keyword' : 'account');
  // The account of an address with a user id, to show its name in the account box.
  const subject = useCreatorProfile(source && 'userId' in source ? source.userId : '', {
    enabled: Boolean(source && 'userId' in source),
  });
  const subjectName = subject.data?.nick_name ?? '';
  const pick = (next: CompetitorSource) => setSearch(new URLSearchParams(next), { replace: true });

  return (
    <div className="page-column cr-page" data-testid="competitors-page">
      <PageHero title="找对标" subtitle={HERO_SUBTITLE} className="cr-hero cr-hero--stacked">
        <div className="cr-competitor-form">
          <Segmented
            value={mode}
            options={[
              { value: 'account', label: '按账号' },
              { value: 'keyword', label: '按关键词' },
            ]}
            onChange={(value) => setMode(value as Mode)}
          />
          {mode === 'account' ? (
            <AccountBox key={subjectName} initial={subjectName} onPick={(userId) => pick({ userId })} />
          ) : (
            <KeywordBox
              initial={source && 'keyword' in source ? source.keyword : ''}
              onSearch={(keyword) => pick({ keyword })}
            />
          )}
        </div>
      </PageHero>
      <section className="surface-box cr-panel">
        {!source ? (
          <NoData text={videoMessages.competitorsInput} />
        ) : !token ? (
          <div className="cr-empty" data-testid="competitors-login">
            <NoData text="登录后查看对标账号与匹配理由" />
            <Button type="primary" onClick={openLoginDialog}>
              立即登录
            </Button>
          </div>
        ) : (
          <>
            <SourceLine source={source} />
            <Results key={search.toString()} source={source} />
          </>
        )}
      </section>
    </div>
  );
}
