import { type LegalDoc, type LegalDocKey, LegalPath } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** `GET /api/legal/:doc`: 用户协议 or 隐私政策 as the operator set it (docs/legal.md). */
export const legalDocQuery = (doc: LegalDocKey) =>
  queryOptions({
    queryKey: ['legal', doc] as const,
    queryFn: ({ signal }) => request<LegalDoc>(LegalPath.doc.replace(':doc', doc), { signal }),
    staleTime: 10 * 60_000,
  });

export const useLegalDoc = (doc: LegalDocKey) => useQuery(legalDocQuery(doc));
