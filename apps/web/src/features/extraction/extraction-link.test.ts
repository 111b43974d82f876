import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { extractionUrl, openCopyExtraction } from './extraction-link';

const SHARE = 'https://v.douyin.com/abc123/';

describe('the copy-extraction address', () => {
  afterEach(() => {
    useSession.setState({ token: null, uid: null });
    sessionStorage.clear();
  });

  it('opens this product with keyword and type=Extract, keeping the token out of the address', () => {
    useSession.setState({ token: 'secret-token', uid: '42' });
    expect(extractionUrl(SHARE, '')).toBe(`/DouyinVideoOcr?keyword=${encodeURIComponent(SHARE)}&type=Extract`);
    expect(extractionUrl(SHARE, window.location.origin)).not.toContain('secret-token');
  });

  it('hands token and uid to an AI site on another origin (002 §4)', () => {
    useSession.setState({ token: 'secret-token', uid: '42' });
    const url = new URL(extractionUrl(SHARE, 'https://ai.example.cn/'));
    expect(url.origin + url.pathname).toBe('https://ai.example.cn/DouyinVideoOcr');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keyword: SHARE,
      type: 'Extract',
      token: 'secret-token',
      uid: '42',
    });
  });

  it('keeps the share link as copy_keyword and opens a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openCopyExtraction(SHARE);
    expect(sessionStorage.getItem('copy_keyword')).toBe(SHARE);
    expect(open).toHaveBeenCalledWith(expect.stringContaining('/DouyinVideoOcr?keyword='), '_blank');
    open.mockRestore();
  });
});
