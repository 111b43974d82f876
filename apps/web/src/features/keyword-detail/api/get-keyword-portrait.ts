import { KeywordDetailPath, type KeywordPortrait } from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeywordRef, keywordGetQuery } from './get-keyword-detail';

/** `GET /api/keyword/portrait` (login): gender, age, province, city and city-level shares of the searchers. */
export const keywordPortraitQuery = (ref: KeywordRef) =>
  keywordGetQuery<KeywordPortrait>('keyword-portrait', KeywordDetailPath.portrait, ref);

export function useKeywordPortrait(ref: KeywordRef) {
  return useQuery(keywordPortraitQuery(ref));
}
