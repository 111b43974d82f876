/**
 * What the keywords feature offers other features: the viewer and how a keyword figure is shown to
 * them, the row and page caps of a grade, related keywords and words, the keyword record other
 * libraries join to, the ingest that fills the library, the uploads of import files and the derive job (the console's 数据 page), and erasing a closed account's history.
 */

export { keywordBoard } from './boards/keyword-boards.service';
// The demo library: the video demo builds its titles, creators and dates from the same words.
export { gaussian, mix32, shiftDays } from './demo/generator';
export { type HeadPhrase, headPhrases, headTermGroups, headTerms } from './demo/head-terms';
export { demoPortrait } from './demo/portraits';
export { ensureCountries, firstRunPlan, seedKeywords } from './demo/seed';
export { industries } from './demo/vocabulary';
export { scheduleNightlyDerive } from './derive/nightly-derive';
export { openKeywordDetail, openKeywordTrend } from './detail/keyword-details.service';
export { presentTrendValue } from './detail/keyword-trend.service';
export { pageWithin, rowsAllowed } from './detail/page-limits.service';
export { relatedKeywords } from './detail/related-keywords.service';
export {
  type HotBoardEntryInput,
  type HotBoardKind,
  type HotBoardReading,
  hotBoardLibrary,
  storeHotBoard,
} from './hot-boards/hot-boards.repository';
export { formatOfFileName } from './import/keyword-import';
export {
  createImport,
  enqueueChangesDerive,
  enqueueDerive,
  findImportReport,
  KEYWORDS_DERIVE_JOB,
  KEYWORDS_IMPORT_JOB,
  listImportReports,
} from './import/keyword-import.service';
export { upsertKeywords } from './import/keyword-ingest.repository';
export { keywordJobHandlers } from './keyword-jobs';
export { type KeywordRecord, keywordRecordColumns, normalizeKeywordRecord } from './keyword-record';
export { cutWords } from './keyword-words';
export { eraseKeywordHistoryOf } from './keywords.erase';
export { keywordsRoutes } from './keywords.routes';
export { relatedWordsOf } from './related-words.service';
export { blueOceanCandidates } from './search/blue-ocean-candidates';
export { selectSuggestions } from './search/keyword-search.repository';
export {
  presentFigure,
  presentRate,
  presentRow,
  resolveViewer,
  scopeOf,
  searchKeywords,
  type Viewer,
} from './search/keywords.service';
export { storeSuggestions, type WordSuggestions, wordsForSuggestions } from './suggestions/suggestions.repository';
