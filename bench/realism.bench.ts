import type { Database } from '@dso/server/db';
import { openDatabase, queryRows } from '@dso/server/db';
import { longestRepeatedClause } from '@dso/server/llm/repeated-clause';
import { sandboxText } from '@dso/server/llm/sandbox';
import { demoAsOf, seedDemoDataIfEmpty } from '@dso/server/startup';
import { firstRunVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import { defaultWritingTemplates } from '@dso/server/writing/default-templates';
import { writingRequest } from '@dso/server/writing/requests';
import { sql } from 'drizzle-orm';
import { recreateDatabase } from './lib/database';
import { printTable } from './lib/load';

/*
 * How real the demo looks, measured on the data a newcomer sees: the first-run library
 * (`npm start` on PGlite), and a 100,000-video seed on PostgreSQL. Each figure is read from the stored
 * rows with SQL, the way a marketer would find it on the screens; the must-be-zero figures are the
 * rules the property tests hold, here counted over the whole library.
 */

/** Search index from which a keyword must have an audience portrait (stored or estimated). */
const PORTRAIT_THRESHOLD = 10_000;
const BOARD_TOP = 50;
const ANSWERS_PER_TEMPLATE = 100;
const LARGE_VIDEOS = Number(process.env.BENCH_REALISM_VIDEOS ?? 100_000);

type Row = Record<string, string | number>;

export async function benchRealism() {
  const log = { info: () => undefined };
  const firstRun = await openDatabase({ memory: true });
  let rows: Row[] = [];
  try {
    await firstRun.migrate();
    const started = Date.now();
    await seedDemoDataIfEmpty(firstRun.db, log);
    console.log(`first-run library seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    rows = [await measureLibrary('first run (PGlite)', firstRun.db)];
    printTable('Answers of the sandbox writer (AI 创作), 100 per template', await measureSandbox(firstRun.db));
  } finally {
    await firstRun.close();
  }
  const url = process.env.BENCH_REALISM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dso_bench_realism';
  await recreateDatabase(url);
  const large = await openDatabase({ url });
  try {
    await large.migrate();
    await seedLarge(large.db);
    rows.push(await measureLibrary(`${LARGE_VIDEOS.toLocaleString()} videos (PostgreSQL)`, large.db));
  } finally {
    await large.close();
  }
  printTable('Demo realism (must-be-zero columns marked =0)', rows);
}

/**
 * The first-run keyword libraries, then a video seed of LARGE_VIDEOS works, into a new database every
 * run: the figures are of what the generator writes today.
 */
async function seedLarge(db: Database) {
  const asOf = demoAsOf();
  const started = Date.now();
  await seedDemoDataIfEmpty(db, { info: () => undefined });
  // The first run's works share platform ids with the large seed's: an upsert would give a first-run work a
  // new publish time and keep its old comments. The large seed writes its video library on empty tables.
  await db.execute(
    sql`TRUNCATE creators, videos, audience_portraits, live_sessions, topics, video_title_grams RESTART IDENTITY CASCADE`,
  );
  const options = firstRunVideoOptions(asOf);
  await seedVideoDemo(db, {
    ...options,
    seed: options.seed + 1,
    videos: LARGE_VIDEOS,
    creators: Math.round(LARGE_VIDEOS / 4),
    detailedVideos: Math.min(LARGE_VIDEOS, 20_000),
    detailedCreators: Math.min(Math.round(LARGE_VIDEOS / 4), 5_000),
    now: new Date(),
  });
  console.log(`large seed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function measureLibrary(label: string, db: Database): Promise<Row> {
  const titles = await titleForms(db);
  const links = await relatedKeywordsPerDetailedVideo(db);
  return {
    library: label,
    works: titles.works,
    'distinct titles': percent(titles.distinctTitles / titles.works),
    'title forms (count, share)': `${titles.distinctForms} (${percent(titles.distinctForms / titles.works)})`,
    'comments outside [publish, now] =0': await commentsOutsideLife(db),
    'words ≥1w without portrait =0': await wordsWithoutPortrait(db),
    'crowded words in 蓝海 top 50 =0': await crowdedBlueOceanWords(db),
    'related keywords per detailed work (min / median)': `${links.min} / ${links.median}`,
  };
}

/**
 * A title's form is what is left once the library's words are blanked, digits are #, and hashtags
 * dropped: two titles of one template with different subjects share a form.
 */
async function titleForms(db: Database) {
  const words = await queryRows<{ keyword: string }>(
    db,
    sql`SELECT keyword FROM keywords WHERE platform = 'DSO' AND country = '' AND char_length(keyword) BETWEEN 2 AND 8`,
  );
  const library = new Set(words.map((row) => row.keyword));
  const titles = await queryRows<{ title: string }>(
    db,
    sql`SELECT video_desc AS title FROM videos WHERE platform = 'DSO' ORDER BY id LIMIT 100000`,
  );
  const forms = new Set<string>();
  for (const { title } of titles) forms.add(formOf(title, library));
  return {
    works: titles.length,
    distinctTitles: new Set(titles.map((row) => row.title)).size,
    distinctForms: forms.size,
  };
}

function formOf(title: string, library: Set<string>): string {
  const text = Array.from(
    title
      .replace(/#\S+/g, '')
      .replace(/\d+(\.\d+)?/g, '#')
      .trim(),
  );
  let form = '';
  for (let at = 0; at < text.length; ) {
    let matched = 0;
    for (let length = Math.min(8, text.length - at); length >= 2; length--) {
      if (library.has(text.slice(at, at + length).join(''))) {
        matched = length;
        break;
      }
    }
    form += matched ? '□' : text[at];
    at += matched || 1;
  }
  return form;
}

async function commentsOutsideLife(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM video_comments c JOIN videos v ON v.id = c.video_id
        WHERE c.create_time < v.create_time OR c.create_time > now()`,
  );
  return row?.n ?? 0;
}

/**
 * Keywords of 1w index or more whose audience tab would be empty: no stored portrait, and none in their
 * library to estimate one from (an estimate averages the industry's portraits, else the library's:
 * portrait-estimate.ts).
 */
async function wordsWithoutPortrait(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM keywords k
        WHERE k.search_index >= ${PORTRAIT_THRESHOLD}
          AND NOT EXISTS (SELECT 1 FROM keyword_portraits p WHERE p.keyword_id = k.id)
          AND NOT EXISTS (
            SELECT 1 FROM keyword_portraits p JOIN keywords s ON s.id = p.keyword_id
            WHERE s.platform = k.platform AND s.country = k.country)`,
  );
  return row?.n ?? 0;
}

/** Words of the 蓝海 board's top 50 (each library, all industries) whose works per index point is above their industry's median. */
async function crowdedBlueOceanWords(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM keyword_boards b
        JOIN keywords k ON k.id = b.keyword_id
        JOIN keyword_industry_stats s ON s.platform = k.platform AND s.country = k.country AND s.industry = k.industry
        WHERE b.board = 'blue' AND b.industry = '' AND b.rank <= ${BOARD_TOP}
          AND b.as_of = (SELECT max(as_of) FROM keyword_boards WHERE board = 'blue' AND platform = b.platform)
          AND k.related_work_count::float / greatest(k.search_index, 1) > s.median_works_per_index`,
  );
  return row?.n ?? 0;
}

/** Library keywords linked to each work that has a trend (the detailed works). */
async function relatedKeywordsPerDetailedVideo(db: Database) {
  const [row] = await queryRows<{ min: number | null; median: number | null }>(
    db,
    sql`SELECT min(n)::int AS min, percentile_disc(0.5) WITHIN GROUP (ORDER BY n)::int AS median FROM (
          SELECT t.video_id, (SELECT count(*) FROM video_keywords vk WHERE vk.video_id = t.video_id) AS n
          FROM video_trends t) per_work`,
  );
  return { min: row?.min ?? 0, median: row?.median ?? 0 };
}

/** The sandbox's AI 创作 answers for the library's 100 most searched words, per template: the longest clause written twice. */
async function measureSandbox(db: Database): Promise<Row[]> {
  const words = await queryRows<{ keyword: string; related: string[] }>(
    db,
    sql`SELECT k.keyword, coalesce((SELECT array_agg(r.related_keyword ORDER BY r.score DESC)
          FROM (SELECT related_keyword, score FROM keyword_relations WHERE keyword_id = k.id ORDER BY score DESC LIMIT 8) r),
          '{}') AS related
        FROM keywords k WHERE k.platform = 'DSO' AND k.country = ''
        ORDER BY k.search_index DESC LIMIT ${ANSWERS_PER_TEMPLATE}`,
  );
  return defaultWritingTemplates.map((template) => {
    let longest = '';
    let characters = 0;
    words.forEach(({ keyword, related }, round) => {
      const values = Object.fromEntries(
        template.variables.map((variable) => [
          variable.key,
          variable.keyword ? keyword : variable.placeholder.replace(/^例如：/, '').replace(/.*（选填）$/, ''),
        ]),
      );
      const { context } = writingRequest(template, values, related);
      const text = sandboxText(context, round % 3);
      characters += text.length;
      const repeated = longestRepeatedClause(text, [...Object.values(values), ...related]);
      if (repeated.length > longest.length) longest = repeated;
    });
    return {
      template: template.title,
      answers: words.length,
      'mean characters': Math.round(characters / Math.max(1, words.length)),
      'longest repeated clause (characters)': Array.from(longest).length,
      clause: longest || '—',
    };
  });
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
