import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { useTestApp } from '../../../testing/route-suite';
import { workbookFile } from '../../../testing/workbooks';
import { importKeywordFile } from './keyword-import.service';

const header =
  'platform,country,keyword,search_index,month_cover_count,related_work_count,category,industry,commerce_intent,first_seen,as_of,trend';
const goodCsv = [
  header,
  'DSO,,露营装备推荐,52000,1500000,8000,diversify_21,旅游出行,true,2026-03-01,2026-11-20,"40000,42000,45000,52000"',
  'DSO,,露营攻略,31000,900000,2100,diversify_21,旅游出行,false,,2026-11-20,',
  'TSO,US,camping gear,12000,300000,900,,,1,2026-05-01,2026-11-20,',
].join('\n');

const objects = [
  {
    platform: 'RSO',
    keyword: '小众香水',
    search_index: 9000,
    industry: '美妆护肤',
    commerce_intent: '是',
    as_of: '2026-11-20',
  },
  { platform: 'RSO', keyword: '香水分享', search_index: 4000, as_of: '2026/11/20', trend: [3000, 3500, 4000] },
];

function workbook(bookType: 'xlsx' | 'biff8'): Buffer {
  const sheet = XLSX.utils.json_to_sheet(
    objects.map(({ trend, ...row }) => ({ ...row, trend: trend?.join(',') ?? '' })),
  );
  return workbookFile(sheet, bookType);
}

const jsonl = (rows: unknown[]) => Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n'));

describe('keyword importers', () => {
  const t = useTestApp();

  const count = async (where = sql`true`) =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM keywords WHERE ${where}`))[0]!.n;

  it('imports a CSV file with its trends and derives competition from the figures', async () => {
    const outcome = await importKeywordFile(t.database.db, Buffer.from(goodCsv), 'csv');
    expect(outcome).toMatchObject({ total: 3, inserted: 3, updated: 0, errorRows: 0, failure: null });
    expect(outcome.scopes).toEqual([
      { platform: 'DSO', country: '' },
      { platform: 'TSO', country: 'US' },
    ]);
    const [row] = await queryRows<{
      competition: number;
      growth_rate: number;
      first_seen: unknown;
      commerce_intent: boolean;
    }>(
      t.database.db,
      sql`SELECT competition, growth_rate, first_seen::text, commerce_intent FROM keywords WHERE keyword = '露营攻略'`,
    );
    // No first_seen: the as_of day.
    expect(row).toMatchObject({ first_seen: '2026-11-20', commerce_intent: false });
    const trend = await queryRows<{ start_day: string; values: unknown }>(
      t.database.db,
      sql`SELECT start_day::text, values FROM keyword_trends t JOIN keywords k ON k.id = t.keyword_id WHERE k.keyword = '露营装备推荐'`,
    );
    expect(trend[0]!.start_day).toBe('2026-11-17');
  });

  it('updates rather than duplicates when the same file is imported again', async () => {
    const before = await count();
    const changed = goodCsv.replace('露营攻略,31000', '露营攻略,33000');
    const outcome = await importKeywordFile(t.database.db, Buffer.from(changed), 'csv');
    expect(outcome).toMatchObject({ inserted: 0, updated: 3 });
    expect(await count()).toBe(before);
    const [row] = await queryRows<{ search_index: number }>(
      t.database.db,
      sql`SELECT search_index FROM keywords WHERE keyword = '露营攻略'`,
    );
    expect(row!.search_index).toBe(33_000);
  });

  it('imports the same rows from XLSX, XLS and JSONL', async () => {
    const xlsx = await importKeywordFile(t.database.db, workbook('xlsx'), 'xlsx');
    expect(xlsx).toMatchObject({ total: 2, inserted: 2, errorRows: 0 });
    const xls = await importKeywordFile(t.database.db, workbook('biff8'), 'xls');
    expect(xls).toMatchObject({ total: 2, inserted: 0, updated: 2, errorRows: 0 });
    const lines = await importKeywordFile(t.database.db, jsonl(objects), 'jsonl');
    expect(lines).toMatchObject({ total: 2, inserted: 0, updated: 2, errorRows: 0 });
    const [row] = await queryRows<{ industry: string; commerce_intent: boolean; as_of: string }>(
      t.database.db,
      sql`SELECT industry, commerce_intent, as_of::text FROM keywords WHERE platform = 'RSO' AND keyword = '小众香水'`,
    );
    expect(row).toEqual({ industry: '美妆护肤', commerce_intent: true, as_of: '2026-11-20' });
  });

  it('reports each bad row with its row, column and a Chinese message, and imports the good ones', async () => {
    const csv = [
      header,
      'DSO,,,100,,,,,,,2026-11-20,',
      'DSO,,数字不对,12a,,,,,,,2026-11-20,',
      'XSO,,未知平台,100,,,,,,,2026-11-20,',
      `DSO,,${'长'.repeat(31)},100,,,,,,,2026-11-20,`,
      'DSO,,好词,100,,,,,,,2026-11-20,',
      'TSO,ZZ,bad country,100,,,,,,,2026-11-20,',
      'DSO,,日期不对,100,,,,,maybe,2026-13-01,2026-11-20,"1,x"',
    ].join('\n');
    const outcome = await importKeywordFile(t.database.db, Buffer.from(csv), 'csv');
    expect(outcome).toMatchObject({ total: 7, inserted: 1, errorRows: 6 });
    expect(outcome.errors).toEqual([
      { row: 2, column: 'keyword', message: '关键词不能为空' },
      { row: 3, column: 'search_index', message: '搜索指数必须是非负整数' },
      { row: 4, column: 'platform', message: '平台不正确，应为 DSO、RSO、WSO、BSO、KSO 或 TSO' },
      { row: 5, column: 'keyword', message: '关键词长度不能超过30个字符' },
      { row: 7, column: 'country', message: '国家代码不存在' },
      { row: 8, column: 'commerce_intent', message: '带货意图应为 true/false、1/0 或 是/否' },
      { row: 8, column: 'first_seen', message: '首次出现日期格式应为 YYYY-MM-DD' },
      { row: 8, column: 'trend', message: '趋势必须是以逗号分隔的非负整数' },
    ]);
  });

  it('numbers JSONL errors by line and rejects a line that is not an object', async () => {
    const body = Buffer.from(
      [
        '{"platform":"DSO","keyword":"好词二","search_index":5,"as_of":"2026-11-20"}',
        '',
        'not json',
        '{"platform":"DSO","keyword":"缺数字","as_of":"2026-11-20"}',
      ].join('\n'),
    );
    const outcome = await importKeywordFile(t.database.db, body, 'jsonl');
    expect(outcome.errors).toEqual([
      { row: 3, column: null, message: '不是有效的 JSON 对象' },
      { row: 4, column: 'search_index', message: '搜索指数不能为空' },
    ]);
  });

  it('fails the whole file when a required column is missing', async () => {
    const outcome = await importKeywordFile(
      t.database.db,
      Buffer.from('platform,keyword,as_of\nDSO,词,2026-11-20'),
      'csv',
    );
    expect(outcome).toMatchObject({ failure: '缺少必填列：search_index', total: 0 });
  });
});
