import { KeywordDetailPath, type TsoTopicDetail, type TsoTopicKind } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

export interface TsoTopicRef {
  kind: TsoTopicKind;
  country: string;
  topic: string;
}

/** `GET /api/keyword/tso_topic` (login): one TikTok topic and the keywords of its country built on it. */
export function getTsoTopicDetail(ref: TsoTopicRef, signal?: AbortSignal) {
  return request<TsoTopicDetail>(KeywordDetailPath.tsoTopicDetail, {
    query: { kind: ref.kind, country: ref.country, topic: ref.topic },
    signal,
  });
}

export const tsoTopicDetailQuery = (ref: TsoTopicRef) =>
  queryOptions({
    queryKey: ['tso-topic-detail', ref.kind, ref.country, ref.topic],
    queryFn: ({ signal }) => getTsoTopicDetail(ref, signal),
    staleTime: 10 * 60_000,
    enabled: ref.topic.length > 0,
  });

export function useTsoTopicDetail(ref: TsoTopicRef) {
  return useQuery(tsoTopicDetailQuery(ref));
}
