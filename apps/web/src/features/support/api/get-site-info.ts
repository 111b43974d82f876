import { FramePath, type SiteInfo } from '@dso/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

/** The operator's details (company, ICP number, phone, QR targets) as the server is configured. */
export function fetchSiteInfo() {
  return request<SiteInfo>(FramePath.siteInfo, { silent: true });
}

/** They change only with a redeploy: one fetch per visit. */
export const siteInfoQuery = queryOptions({
  queryKey: ['frame', 'siteInfo'],
  queryFn: fetchSiteInfo,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The site details, or null while loading or when the call failed (nothing is shown for them then). */
export function useSiteInfo(): SiteInfo | null {
  return useQuery(siteInfoQuery).data ?? null;
}
