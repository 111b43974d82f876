import { KeywordDetailPath, KeywordPath, type TsoTopicRow } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, callsTo, renderKeywords, setUpPageTest } from '../testing';
import TsoTopicListPage from './tso-topic-list-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
const requestMock = setUpPageTest();

const topic = (rank: number, name: string): TsoTopicRow => ({
  id: rank,
  rank,
  kind: 'ecoTopic',
  country: 'GB',
  topic: name,
  views: '1.2亿',
  video_count: '3.4w',
  growth_rate: 0.2,
  as_of: '2026-11-20',
});

describe('the TikTok topic lists', () => {
  beforeEach(() => {
    requestMock.mockReset();
    answerRequests(requestMock, {
      [KeywordDetailPath.tsoTopics]: () => ({
        total_record: 2,
        data_max: 10,
        user_grade: 'FREE',
        result: [topic(1, 'tiktokmademebuyit'), topic(2, 'skincareroutine')],
      }),
      [KeywordPath.countries]: () => [
        { country_code: 'GB', country_name_cn: '英国', country_translation: 'United Kingdom' },
      ],
    });
  });

  it('lists the topics of the country in the query, linking each to its detail', async () => {
    renderKeywords(<TsoTopicListPage />, {
      path: '/KeywordTSOList/ecoTopic?country=GB',
      route: '/KeywordTSOList/:tabVal?',
    });
    const link = (await screen.findByText('#tiktokmademebuyit')).closest('a');
    expect(link?.getAttribute('href')).toBe(
      '/TsoKeyWordTopicDetail?keyword=tiktokmademebuyit&kind=ecoTopic&country=GB',
    );
    expect(callsTo(requestMock, KeywordDetailPath.tsoTopics)[0]?.query).toEqual({
      kind: 'ecoTopic',
      country: 'GB',
      sort: 'views',
      page_no: 1,
      page_size: 10,
    });
    expect(screen.getAllByText('1.2亿')).toHaveLength(2);
  });

  it('ranks by growth when asked', async () => {
    renderKeywords(<TsoTopicListPage />, {
      path: '/KeywordTSOList/creativeIdeaTopics',
      route: '/KeywordTSOList/:tabVal?',
    });
    await screen.findByText('#skincareroutine');
    fireEvent.click(screen.getByText('按增长率'));
    await waitFor(() =>
      expect(callsTo(requestMock, KeywordDetailPath.tsoTopics).at(-1)?.query).toMatchObject({
        kind: 'creativeIdeaTopics',
        country: 'US',
        sort: 'growth_rate',
      }),
    );
  });
});
