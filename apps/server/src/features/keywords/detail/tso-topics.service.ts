import { Code, type TsoTopicDetail, type TsoTopicList, type TsoTopicsQuery } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError, orNotFound } from '../../../lib/app-error';
import { DEFAULT_COUNTRY } from '../countries';
import { presentFigure, presentRate, presentRow, type Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';
import { pageWithin, ROWS_ALIAS, rowsAllowed, spendDetailOpen } from './page-limits.service';

/** The TSO topic lists and one topic with its keywords. */

function presentTopic(row: repository.TopicRecord & { rank: number }, viewer: Viewer) {
  return {
    id: row.id,
    rank: row.rank,
    kind: row.kind,
    country: row.country,
    topic: row.topic,
    views: presentFigure(row.views, viewer),
    video_count: presentFigure(row.video_count, viewer),
    growth_rate: presentRate(row.growth_rate, viewer),
    as_of: row.as_of,
  };
}

/** A TSO topic list (/KeywordTSOList/{kind}) of a country, with the same row caps as the boards. */
export async function tsoTopicList(
  db: Database,
  viewer: Viewer,
  query: TsoTopicsQuery,
  /** Where the topics are read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  topicsDb: Database = db,
): Promise<TsoTopicList> {
  const country = query.country ?? DEFAULT_COUNTRY;
  const dataMax = await rowsAllowed(db, viewer, ROWS_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total } = await repository.selectTopicPage(
    topicsDb,
    { kind: query.kind, country, sort: query.sort },
    page,
  );
  return {
    total_record: total,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map((row, index) => presentTopic({ ...row, rank: page.offset + index + 1 }, viewer)),
  };
}

const TOPIC_KEYWORDS = 20;

/** One TSO topic (/TsoKeyWordTopicDetail): its figures and the country's keywords made of its words. */
export async function openTsoTopic(
  db: Database,
  viewer: Viewer,
  query: { kind: TsoTopicsQuery['kind']; country?: string | undefined; topic: string },
): Promise<TsoTopicDetail> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const country = query.country ?? DEFAULT_COUNTRY;
  const topic = orNotFound(
    await repository.findTopic(db, { kind: query.kind, country, topic: query.topic.replace(/^#/, '') }),
    '话题不存在',
  );
  const { use } = await spendDetailOpen(db, viewer.userId, `TSO-topic/${country}/${query.kind}`, topic.topic);
  const rows = await repository.selectTopicKeywords(db, { country, topic: topic.topic, limit: TOPIC_KEYWORDS });
  return {
    topic: presentTopic(topic, viewer),
    keywords: rows.map((row) => presentRow(row, viewer)),
    detail_use: use,
  };
}
