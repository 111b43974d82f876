/**
 * The keyword detail feature's public face: the figure tips and the related words (their call, table
 * columns and paged table) for the drop-down words page. The detail pages' addresses live in
 * lib/keyword-addresses.ts and the growth text in components/, since the lists this page links to
 * (topics, videos, favourites) are also sections of it.
 */

export { useRelatedKeywords } from './api/get-related-keywords';
export { FigureTip } from './components/figure-tip';
export { relatedWordColumns } from './components/related-word-columns';
export { RelatedWordsTable } from './components/related-words-table';
