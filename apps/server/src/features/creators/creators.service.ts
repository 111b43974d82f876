import type {
  AudiencePortrait,
  CompetitorList,
  CompetitorsQuery,
  CreatorFacets,
  CreatorFollowerTrend,
  CreatorFollowerTrendQuery,
  CreatorList,
  CreatorListQuery,
  CreatorVideosQuery,
  VideoList,
} from '@dso/contract';
import { addDays, creatorClassLabels, creatorSizeClass, creatorSizeRanges } from '@dso/domain';
import type { Database } from '../../db/client';
import { pageWithin, resolveViewer, rowsAllowed, type Viewer } from '../keywords';
import { findPortrait, presentCreatorRow, presentPortrait, presentVideoRow, requireCreator } from '../videos';
import {
  type CreatorRecord,
  countCreatorsBy,
  findLibraryKeyword,
  selectCreatorKeywords,
  selectCreators,
  selectCreatorsCoveringKeywords,
  selectCreatorsNamed,
  selectCreatorTags,
  selectCreatorVideos,
  selectFieldLeaders,
  selectFollowerHistory,
  selectSameFieldNeighbours,
  selectSharedTags,
} from './creators.repository';

/** Rows of the creator library and of benchmark lists a viewer may reach (PERSON_LIBRARY_ROWS). */
export const PERSON_ROWS_ALIAS = 'PERSON_LIBRARY_ROWS';
/** Rows of a creator's works a viewer may reach (VIDEO_LIBRARY_ROWS: a video list like the others). */
export const VIDEO_ROWS_ALIAS = 'VIDEO_LIBRARY_ROWS';

/**
 * The creator library (/personListLibrary, the creator board, header search 达人): filtered, sorted
 * largest first, paged within the viewer's rows (visitors the guest rows, users PERSON_LIBRARY_ROWS).
 */
export async function creatorList(
  db: Database,
  userId: number | null,
  query: CreatorListQuery,
  /** Where the library is read (`app.readDb`, a replica); the viewer's row allowance stays on `db`. */
  reads: Database = db,
): Promise<CreatorList> {
  const viewer = await resolveViewer(db, userId);
  const dataMax = await rowsAllowed(db, viewer, PERSON_ROWS_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total, estimated } = await selectCreators(
    reads,
    {
      keyword: query.keyword?.trim() || undefined,
      field: query.field || undefined,
      followers: query.size_class ? creatorSizeRanges[query.size_class] : undefined,
      sizeClass: query.size_class,
      province: query.province || undefined,
      isCommerce: query.is_commerce,
    },
    query.sort,
    page.offset,
    page.limit,
  );
  return {
    total_record: total,
    total_estimated: estimated,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map(presentCreatorRow),
  };
}

/** A creator's works (person detail works tab), within the viewer's video rows. */
export async function creatorVideos(
  db: Database,
  userId: number | null,
  query: CreatorVideosQuery,
): Promise<VideoList> {
  const [creator, viewer] = await Promise.all([requireCreator(db, query.userId), resolveViewer(db, userId)]);
  const dataMax = await rowsAllowed(db, viewer, VIDEO_ROWS_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total } = await selectCreatorVideos(db, creator.id, query.sort, page.offset, page.limit);
  return {
    total_record: total,
    total_estimated: false,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map(presentVideoRow),
  };
}

/**
 * Followers per recorded day over the last `days` days up to the creator's as-of, oldest first. The
 * increment is against the recorded day before (read one day past the window so the first point has
 * one too; 0 when none was recorded).
 */
export async function creatorFollowerTrend(
  db: Database,
  query: CreatorFollowerTrendQuery,
): Promise<CreatorFollowerTrend> {
  const creator = await requireCreator(db, query.userId);
  const firstDay = addDays(creator.asOf, -(query.days - 1));
  const rows = await selectFollowerHistory(db, creator.id, addDays(firstDay, -1), creator.asOf);
  const points: CreatorFollowerTrend['points'] = [];
  let previous: number | null = null;
  for (const row of rows) {
    if (row.day >= firstDay) {
      points.push({
        day: row.day,
        follower_count: row.followerCount,
        increment: previous === null ? 0 : row.followerCount - previous,
      });
    }
    previous = row.followerCount;
  }
  return { as_of: points.length > 0 ? creator.asOf : null, points };
}

/** A creator's audience (person detail audience tab); 暂无观众画像 when there is none. */
export async function creatorPortrait(db: Database, userId: string): Promise<AudiencePortrait> {
  const creator = await requireCreator(db, userId);
  return presentPortrait(await findPortrait(db, 'creator', creator.id));
}

// ——— benchmark accounts ———

/** Keywords or tags a reason names before it says how many there are. */
const REASON_NAMES = 3;

const listed = (names: string[]) =>
  names.length > REASON_NAMES ? `${names.slice(0, REASON_NAMES).join('、')} 等${names.length}个` : names.join('、');

/** The reasons a benchmark account matches, as the page shows them. */
export const competitorReasons = {
  sameField: (field: string) => `同领域：${field}`,
  similarSize: (label: string) => `粉丝量级相近：${label}`,
  sharedKeywords: (keywords: string[]) => `覆盖相同关键词：${listed(keywords)}`,
  sharedTags: (tags: string[]) => `相同话题标签：${listed(tags.map((tag) => `#${tag}`))}`,
  coversKeyword: (keyword: string, works: number) => `作品覆盖关键词「${keyword}」：${works}个作品`,
  bestRank: (rank: number) => `搜索排名最高第${rank}名`,
  nameContains: (keyword: string) => `昵称包含「${keyword}」`,
} as const;

interface Candidate {
  creator: CreatorRecord;
  score: number;
  reasons: string[];
  /** Distance in follower magnitude from the subject (0 in keyword mode): the tie-break. */
  distance: number;
}

const magnitude = (followers: number) => Math.log10(followers + 1);

/** Benchmark accounts like a creator's: same field, similar size, shared keywords and hashtags. */
async function candidatesLikeCreator(db: Database, subjectUserId: string): Promise<Candidate[]> {
  const subject = await requireCreator(db, subjectUserId);
  const [neighbours, subjectKeywords, subjectTags] = await Promise.all([
    subject.field ? selectSameFieldNeighbours(db, subject.field, subject.totalFollowerCount, subject.id) : [],
    selectCreatorKeywords(db, subject.id),
    selectCreatorTags(db, subject.id),
  ]);
  const keywordText = new Map(subjectKeywords.map((row) => [row.id, row.keyword]));
  const covering = await selectCreatorsCoveringKeywords(db, [...keywordText.keys()], subject.id);
  const pool = new Map<number, { creator: CreatorRecord; keywords: string[] }>();
  for (const creator of neighbours) pool.set(creator.id, { creator, keywords: [] });
  for (const row of covering) {
    pool.set(row.creator.id, {
      creator: row.creator,
      keywords: row.keywordIds.flatMap((id) => keywordText.get(id) ?? []).sort(),
    });
  }
  const tagsOf = await selectSharedTags(db, [...pool.keys()], subjectTags);
  const subjectClass = creatorSizeClass(subject.totalFollowerCount).code;
  return [...pool.values()].map(({ creator, keywords }) => {
    const reasons: string[] = [];
    let score = 0;
    if (subject.field && creator.field === subject.field) {
      reasons.push(competitorReasons.sameField(subject.field));
      score += 3;
    }
    if (creatorSizeClass(creator.totalFollowerCount).code === subjectClass) {
      reasons.push(competitorReasons.similarSize(creatorClassLabels[subjectClass]));
      score += 2;
    }
    if (keywords.length > 0) {
      reasons.push(competitorReasons.sharedKeywords(keywords));
      score += Math.min(keywords.length, 5);
    }
    const tags = (tagsOf.get(creator.id) ?? []).sort();
    if (tags.length > 0) {
      reasons.push(competitorReasons.sharedTags(tags));
      score += Math.min(tags.length, 3) / 2;
    }
    const distance = Math.abs(magnitude(creator.totalFollowerCount) - magnitude(subject.totalFollowerCount));
    return { creator, score, reasons, distance };
  });
}

/**
 * Benchmark accounts for a keyword: creators whose works cover it in the library (most works, best
 * rank), creators named with it, and the leading creators of the keyword's industry.
 */
async function candidatesForKeyword(db: Database, keyword: string): Promise<Candidate[]> {
  const libraryKeyword = await findLibraryKeyword(db, keyword);
  const [covering, named, leaders] = await Promise.all([
    libraryKeyword ? selectCreatorsCoveringKeywords(db, [libraryKeyword.id], null) : [],
    selectCreatorsNamed(db, keyword),
    libraryKeyword?.industry ? selectFieldLeaders(db, libraryKeyword.industry) : [],
  ]);
  const pool = new Map<number, Candidate>();
  const entry = (creator: CreatorRecord) => {
    let candidate = pool.get(creator.id);
    if (!candidate) {
      candidate = { creator, score: 0, reasons: [], distance: 0 };
      pool.set(creator.id, candidate);
    }
    return candidate;
  };
  for (const row of covering) {
    const candidate = entry(row.creator);
    candidate.reasons.push(competitorReasons.coversKeyword(keyword, row.works));
    if (row.bestRank !== null) candidate.reasons.push(competitorReasons.bestRank(row.bestRank));
    candidate.score += 100 + Math.min(row.works, 50) + (row.bestRank === null ? 0 : 1 / row.bestRank);
  }
  for (const creator of named) {
    const candidate = entry(creator);
    candidate.reasons.push(competitorReasons.nameContains(keyword));
    candidate.score += 20;
  }
  const industry = libraryKeyword?.industry;
  if (industry) {
    for (const candidate of [...leaders.map(entry), ...pool.values()]) {
      if (candidate.creator.field !== industry) continue;
      if (candidate.reasons.includes(competitorReasons.sameField(industry))) continue;
      candidate.reasons.push(competitorReasons.sameField(industry));
      candidate.score += 10;
    }
  }
  return [...pool.values()];
}

/**
 * Benchmark accounts (/Competitors) like a creator's (`userId`) or for a keyword, each with the
 * reasons it matches; best match first (ties: nearest in followers, then most followers). Login; the
 * rows are capped like the creator library's.
 */
export async function competitors(db: Database, userId: number, query: CompetitorsQuery): Promise<CompetitorList> {
  const viewer: Viewer = await resolveViewer(db, userId);
  const candidates =
    query.userId !== undefined
      ? await candidatesLikeCreator(db, query.userId)
      : await candidatesForKeyword(db, (query.keyword ?? '').trim());
  candidates.sort(
    (a, b) =>
      b.score - a.score ||
      a.distance - b.distance ||
      b.creator.totalFollowerCount - a.creator.totalFollowerCount ||
      a.creator.id - b.creator.id,
  );
  const dataMax = await rowsAllowed(db, viewer, PERSON_ROWS_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  return {
    total_record: candidates.length,
    total_estimated: false,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: candidates
      .slice(page.offset, page.offset + page.limit)
      .map((candidate) => ({ ...presentCreatorRow(candidate.creator), reasons: candidate.reasons })),
  };
}

// ——— filter options ———

/** How long the library's field and province counts are kept: they change only with imports. */
const FACETS_TTL_MS = 10 * 60_000;
const facetsCache = new WeakMap<Database, { at: number; facets: CreatorFacets }>();

/**
 * The fields (领域) and provinces of the library with their creator counts, for the filter bar. Kept
 * per database for ten minutes: a grouped count over the whole library is too slow for every page
 * load, and imports change it rarely.
 */
export async function creatorFacets(db: Database, now = Date.now()): Promise<CreatorFacets> {
  const cached = facetsCache.get(db);
  if (cached && now - cached.at < FACETS_TTL_MS) return cached.facets;
  const [fields, provinces] = await Promise.all([countCreatorsBy(db, 'field'), countCreatorsBy(db, 'province')]);
  const facets = { fields, provinces };
  facetsCache.set(db, { at: now, facets });
  return facets;
}
