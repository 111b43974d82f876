import { describe, expect, it } from 'vitest';
import { libraryOf } from './keyword-libraries';
import { libraryUrl, readKeywordQuery } from './search-url';

describe('the search in the URL', () => {
  it('reads one keyword, cut to 30 characters', () => {
    const query = readKeywordQuery(new URLSearchParams({ keyword: ` ${'长'.repeat(35)} ` }));
    expect(query.batch).toBe(false);
    expect(query.words).toEqual(['长'.repeat(30)]);
  });

  it('reads a batch of words joined by 、', () => {
    const query = readKeywordQuery(new URLSearchParams({ keyword: '口红、粉底、眼影', batch: '1' }));
    expect(query).toMatchObject({ batch: true, words: ['口红', '粉底', '眼影'], keyword: '口红、粉底、眼影' });
  });

  it('reads the overseas country from the query, else US', () => {
    expect(readKeywordQuery(new URLSearchParams({ country: 'jp' })).country).toBe('JP');
    expect(readKeywordQuery(new URLSearchParams({ country: 'nowhere' })).country).toBe('US');
    expect(readKeywordQuery(new URLSearchParams()).country).toBe('US');
  });

  it('builds a library URL with the search, the batch flag and the TSO country', () => {
    expect(libraryUrl(libraryOf('RSO'), { search: { mode: 'single', words: ['露营'] } })).toBe(
      `/KeywordXhs?keyword=${encodeURIComponent('露营')}`,
    );
    expect(libraryUrl(libraryOf('DSO'), { tab: 'commerce', search: { mode: 'batch', words: ['a', 'b'] } })).toBe(
      `/KeywordDouyin/commerce?keyword=${encodeURIComponent('a、b')}&batch=1`,
    );
    expect(libraryUrl(libraryOf('TSO'), { tab: 'searchWord', country: 'GB' })).toBe(
      '/KeywordTSO/searchWord?country=GB',
    );
    expect(libraryUrl(libraryOf('DSO'), { country: 'GB' })).toBe('/KeywordDouyin');
  });
});
