import { describe, expect, it } from 'vitest';
import { readRecords } from './read-records';
import { uploadLimits } from './upload-limits';

const limits = uploadLimits.keywordSheet;
const needsKeyword = (headers: string[]) => (headers.includes('keyword') ? null : '缺少必填列：keyword');

async function all(text: string, format: 'csv' | 'jsonl') {
  const rows = [];
  for await (const batch of readRecords(Buffer.from(text), { format, limits, missingColumns: needsKeyword })) {
    rows.push(...batch);
  }
  return rows;
}

describe('readRecords', () => {
  it('reads a CSV by its header, matching column names without a byte-order mark, spaces or case', async () => {
    expect(await all('\uFEFF Keyword ,Index\n口红,85\n', 'csv')).toEqual([
      { row: 2, values: { keyword: '口红', index: '85' } },
    ]);
  });

  it('refuses a CSV whose header lacks a required column, and an empty CSV, with the importer’s message', async () => {
    await expect(all('word,index\n口红,85\n', 'csv')).rejects.toThrow('缺少必填列：keyword');
    await expect(all('', 'csv')).rejects.toThrow('缺少必填列：keyword');
  });

  it('reads JSONL lines as records and marks a line that is not an object for the row check', async () => {
    expect(await all('{"Keyword":"口红"}\n[1,2]\n', 'jsonl')).toEqual([
      { row: 1, values: { keyword: '口红' } },
      { row: 2, values: { __invalid: true } },
    ]);
    expect(await all('', 'jsonl')).toEqual([]);
  });
});
