/**
 * The keyword detail feature's public face: the figure tips and the related words (their call and
 * table columns) for the drop-down words page. The detail pages' addresses live in
 * lib/keyword-addresses.ts and the growth text in components/, since the lists this page links to
 * (topics, videos, favourites) are also sections of it.
 */

export { useRelatedKeywords } from './api/get-related-keywords';
export { FigureTip } from './components/figure-tip';
export { relatedWordColumns } from './components/related-word-columns';
