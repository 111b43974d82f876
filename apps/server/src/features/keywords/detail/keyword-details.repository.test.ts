import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput } from '../keyword.fixtures';
import { selectTopicKeywords } from './keyword-details.repository';

const us = { platform: 'TSO', country: 'US' } as const;

describe('the keywords of a TSO topic', () => {
  const handle = useTestDatabase(async () => {
    await upsertKeywords(handle.db, [
      keywordInput('hair care', 500, us),
      keywordInput('Hair Care Routine', 900, us),
      keywordInput('routine', 300, us),
      keywordInput('hair care routine for men', 700, us),
      keywordInput('skin care', 800, us),
      keywordInput('hair care', 950, { platform: 'TSO', country: 'GB' }),
      keywordInput('haircare', 990),
    ]);
  });

  it('finds the words run together inside the topic or containing it, highest first, in its country only', async () => {
    const rows = await selectTopicKeywords(handle.db, { country: 'US', topic: 'HairCareRoutine', limit: 20 });
    expect(rows.map((row) => row.keyword)).toEqual([
      'Hair Care Routine',
      'hair care routine for men',
      'hair care',
      'routine',
    ]);
    expect(rows[0]).toMatchObject({ platform: 'TSO', country: 'US', search_index: 900 });
  });

  it('keeps only the first rows up to the limit', async () => {
    const rows = await selectTopicKeywords(handle.db, { country: 'US', topic: 'haircareroutine', limit: 2 });
    expect(rows.map((row) => row.keyword)).toEqual(['Hair Care Routine', 'hair care routine for men']);
  });
});
