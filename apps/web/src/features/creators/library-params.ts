import { type CreatorSort, creatorSortSchema } from '@dso/contract';
import { type SizeClassCode, sizeClassCodes } from '@dso/domain';
import type { CreatorListParams } from './api/get-creator-list';

/** The creator library's sorts as the page names them, largest first each. */
export const creatorSorts: ReadonlyArray<{ value: CreatorSort; label: string }> = [
  { value: 'total_follower_count', label: '粉丝数' },
  { value: 'total_favorited', label: '获赞数' },
  { value: 'follower_growth_30d', label: '30天涨粉' },
];

/** Address parameters of /personListLibrary: the header search's `keyword` and each filter. */
export const LibraryParam = {
  keyword: 'keyword',
  field: 'field',
  sizeClass: 'size_class',
  province: 'province',
  commerce: 'is_commerce',
  sort: 'sort',
} as const;

const isSizeClass = (value: string | null): value is SizeClassCode =>
  value !== null && (sizeClassCodes as readonly string[]).includes(value);

/** The library's filters read from the address; anything unknown falls back to no filter. */
export function readLibraryParams(search: URLSearchParams): CreatorListParams {
  const commerce = search.get(LibraryParam.commerce);
  const sort = creatorSortSchema.safeParse(search.get(LibraryParam.sort));
  const sizeClass = search.get(LibraryParam.sizeClass);
  return {
    keyword: search.get(LibraryParam.keyword)?.trim() ?? '',
    field: search.get(LibraryParam.field)?.trim() || null,
    sizeClass: isSizeClass(sizeClass) ? sizeClass : null,
    province: search.get(LibraryParam.province)?.trim() || null,
    isCommerce: commerce === '1' ? true : commerce === '0' ? false : null,
    sort: sort.success ? sort.data : 'total_follower_count',
  };
}

/** The address parameters of a set of filters (defaults left out, so the plain address is the default). */
export function writeLibraryParams(params: CreatorListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.keyword) search.set(LibraryParam.keyword, params.keyword);
  if (params.field) search.set(LibraryParam.field, params.field);
  if (params.sizeClass) search.set(LibraryParam.sizeClass, params.sizeClass);
  if (params.province) search.set(LibraryParam.province, params.province);
  if (params.isCommerce !== null) search.set(LibraryParam.commerce, params.isCommerce ? '1' : '0');
  if (params.sort !== 'total_follower_count') search.set(LibraryParam.sort, params.sort);
  return search;
}
