/**
 * The keyword detail feature's public face: addresses of the detail pages, the figure tips, the growth
 * text, and the related words (their call and table columns) for the drop-down words page.
 */

export { useRelatedKeywords } from './api/get-related-keywords';
export { FigureTip } from './components/figure-tip';
export { GrowthText } from './components/growth-text';
export { relatedWordColumns } from './components/related-word-columns';
export {
  type DetailTab,
  keywordDetailPath,
  keywordSharePath,
  tsoTopicDetailPath,
} from './platforms';
