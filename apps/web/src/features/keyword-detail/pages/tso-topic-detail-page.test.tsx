import { KeywordDetailPath, type TsoTopicDetail } from '@dso/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findLink, PAGE_TEST_TIMEOUT, renderPage } from '../../../components/testing/render-route';
import { keywordRow } from '../testing';

const request = vi.fn();
vi.mock('../../../lib/api/client', () => ({ request: (...args: unknown[]) => request(...args) }));

const { default: TsoTopicDetailPage } = await import('./tso-topic-detail-page');

const topicDetail: TsoTopicDetail = {
  topic: {
    id: 5,
    rank: 3,
    kind: 'creativeIdeaTopics',
    country: 'GB',
    topic: 'campinghacks',
    views: 12_500_000,
    video_count: 8200,
    growth_rate: 0.32,
    as_of: '2026-11-20',
  },
  keywords: [keywordRow({ id: 9, keyword: 'camping hacks', platform: 'TSO', country: 'GB' })],
  detail_use: { per_val: 50, use_val: 10 },
};

beforeEach(() => {
  request.mockReset();
  request.mockResolvedValue(topicDetail);
});

describe('TsoTopicDetailPage', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('asks for the topic of the address and shows its figures with their date', async () => {
    renderPage(<TsoTopicDetailPage />, {
      path: '/TsoKeyWordTopicDetail/:tabVal?',
      url: '/TsoKeyWordTopicDetail?keyword=%23campinghacks&kind=creativeIdeaTopics&country=gb',
    });
    expect(await screen.findByText('#campinghacks')).toBeTruthy();
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(KeywordDetailPath.tsoTopicDetail, {
        query: { kind: 'creativeIdeaTopics', country: 'GB', topic: 'campinghacks' },
        signal: expect.anything(),
      }),
    );
    expect(screen.getByText('1250.0w')).toBeTruthy();
    expect(screen.getByText('创意灵感话题')).toBeTruthy();
    expect(screen.getByText('榜单第 3 名')).toBeTruthy();
    expect(screen.getAllByText('截至 2026-11-20')).toHaveLength(3);
  });

  it('links each keyword of the topic to its TikTok detail in the same country', async () => {
    renderPage(<TsoTopicDetailPage />, {
      path: '/TsoKeyWordTopicDetail/:tabVal?',
      url: '/TsoKeyWordTopicDetail?keyword=campinghacks&kind=creativeIdeaTopics&country=GB',
    });
    const link = await findLink('camping hacks');
    expect(link.getAttribute('href')).toBe('/TsoKeyWordDetail?keyword=camping+hacks&country=GB');
  });
});
