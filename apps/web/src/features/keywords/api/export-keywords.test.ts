import { Code, KeywordDetailPath } from '@dso/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { filenameOf } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import * as feedback from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { exportKeywords } from './export-keywords';

const body = { platform: 'DSO' as const, keyword: '口红', page_no: 1, page_size: 10 };

function answer(response: Response) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the keyword export call', () => {
  spyOnToast();
  beforeEach(() => {
    useSession.setState({ token: 'member-token', uid: '7', userInfo: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSession.setState({ token: null, uid: null });
  });

  it('posts the search signed like every call and returns the file with its name', async () => {
    const fetchMock = answer(
      new Response('xlsx', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="keywords.xlsx"; filename*=UTF-8''${encodeURIComponent('抖音关键词_口红.xlsx')}`,
        },
      }),
    );
    const file = await exportKeywords(body);
    expect(file.filename).toBe('抖音关键词_口红.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe(KeywordDetailPath.export);
    expect([...url.searchParams.keys()].sort()).toEqual(['he', 'sign', 'ts']);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('member-token');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('rejects with the refusal of the envelope, leaving the dialog to the caller', async () => {
    const data = { alias: 'KEYWORD_LIBRARY_EXPORT', reason: 'lacking', action: 'pay', grade: 'VIP' };
    answer(Response.json({ code: Code.NEEDS_UPGRADE, msg: '权限不足，升级会员版本可查看更多数据~', data }));
    const error = await exportKeywords(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.NEEDS_UPGRADE, data });
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it('reads the plain file name when there is no UTF-8 one', () => {
    expect(filenameOf('attachment; filename="keywords.xlsx"')).toBe('keywords.xlsx');
    expect(filenameOf(null)).toBeNull();
  });
});
