import { BATCH_SEPARATORS, trimKeyword } from '@dso/domain';

/** The keywords of the box: one a line (or split by the batch separators: commas and 、), trimmed, without repeats. */
export function keywordsOf(text: string): string[] {
  return [...new Set(text.split(BATCH_SEPARATORS).map(trimKeyword).filter(Boolean))];
}
