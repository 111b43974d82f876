import { trimKeyword } from '@dso/domain';

/** The keywords of the box: one a line (or split by commas and 、), trimmed, without repeats. */
export function keywordsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,，、]/)
        .map(trimKeyword)
        .filter(Boolean),
    ),
  ];
}
