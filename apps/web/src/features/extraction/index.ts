/**
 * Copy extraction's public face: the light pieces video lists and the video dialog use (the batch
 * extraction bar with its selection, the copy-extraction opener). The route table loads the page itself.
 */
export { extractionKeys, useExtractionRemaining } from './api/extraction-api';
export {
  BatchExtractionBar,
  type BatchExtractionBarProps,
  openExtractionRecharge,
} from './components/batch-extraction-bar';
export {
  type ExtractionSelection,
  limitSelection,
  maxSelectable,
  useExtractionSelection,
} from './components/use-extraction-selection';
export { COPY_KEYWORD_KEY, EXTRACTION_PATH, extractionUrl, openCopyExtraction } from './extraction-link';
