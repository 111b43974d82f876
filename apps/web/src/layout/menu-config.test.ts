import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../app/route-table';
import { allMenuEntries, externalHref, headerTabs, menuEntry, visibleColumns } from './menu-config';

const internalEntries = allMenuEntries.filter((entry) => !entry.external);

describe('the header menu config', () => {
  it('points every internal entry at a route of the route table', () => {
    const unmatched = internalEntries.filter((entry) => {
      const pathname = entry.to.split('?')[0] ?? entry.to;
      return !routeTable.some((route) => matchPath(route.path, pathname));
    });
    expect(unmatched.map((entry) => entry.to)).toEqual([]);
  });

  it('highlights the tab of the route each entry opens', () => {
    for (const tab of headerTabs) {
      for (const entry of (tab.columns ?? []).flatMap((column) => column.entries)) {
        if (entry.external || entry.to.startsWith('/setting')) continue;
        const route = routeTable.find((candidate) => matchPath(candidate.path, entry.to));
        expect(`${entry.to} → ${route?.tab}`).toBe(`${entry.to} → ${tab.tab}`);
      }
    }
  });

  it('covers the nine hot boards and both TikTok topic lists', () => {
    const boards = ['blue', 'industryHot', 'commerceHotSell', 'industryHeight', 'topicList', 'commerceHot'];
    for (const board of [...boards, 'industryLast', 'topicSurge', 'commerceLast']) {
      expect(menuEntry(`/KeywordDouyinHot/${board}`).name).not.toBe('');
    }
    expect(menuEntry('/KeywordTSOList/ecoTopic').name).toBe('电商话题');
    expect(menuEntry('/KeywordTSOList/creativeIdeaTopics').name).toBe('创意灵感话题');
  });

  it('marks exactly AI image-text, AI keyword selection and live replay as login-needed', () => {
    const marked = allMenuEntries.filter((entry) => entry.needLogin).map((entry) => entry.to);
    expect(marked.sort()).toEqual(['/AiLiveReplay', '/keyWordSeo', '/keywordImg']);
  });

  it('hides the old dashboard unless the old-version flag is on', () => {
    const monitor = headerTabs.find((tab) => tab.tab === 'monitor')?.columns ?? [];
    const paths = (on: boolean) => visibleColumns(monitor, on).flatMap((column) => column.entries.map((e) => e.to));
    expect(paths(false)).not.toContain('/dataMarket');
    expect(paths(true)).toContain('/dataMarket');
  });

  it('appends token and uid to the AI site only for a logged-in user', () => {
    const aiSite = allMenuEntries.find((entry) => entry.external === 'withSession');
    if (!aiSite) throw new Error('AI site entry missing');
    expect(externalHref(aiSite, { token: null, uid: null })).toBe(aiSite.to);
    const href = new URL(externalHref(aiSite, { token: 't1', uid: '42' }));
    expect([href.searchParams.get('token'), href.searchParams.get('uid')]).toEqual(['t1', '42']);
  });
});
