import { creatorClassLabels, creatorSizeRanges, type IntRange, sizeClassCodes } from '@dso/domain';
import { Select } from 'antd';
import type { ReactNode } from 'react';
import { FilterChip } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { useCreatorFacets } from '../api/get-creator-facets';
import type { CreatorListParams } from '../api/get-creator-list';

/** Fields shown as chips before the rest go into the 更多 select. */
const FIELD_CHIPS = 12;

/** A round follower count in the app's units without a trailing '.0' ('1w', '500w'). */
const roundCount = (value: number) => formatFigure(value).replace(/\.0(?=[w亿])/, '');

/** A follower range as the filter hints it: '1w以下', '1w-10w', '500w以上'. */
export function followerRangeText(range: IntRange): string {
  if (range.min === 0 && range.max !== null) return `${roundCount(range.max + 1)}以下`;
  if (range.max === null) return `${roundCount(range.min - 1)}以上`;
  // 100,001 reads as the round 10w it starts after.
  return `${roundCount(range.min - (range.min % 10))}-${roundCount(range.max)}`;
}

function FilterLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset.
    <div className="cr-filter" role="group" aria-label={label}>
      <span className="cr-filter__label">{label}</span>
      <div className="cr-filter__options">{children}</div>
    </div>
  );
}

/**
 * The creator library's filter bar: 领域 (the library's fields, most creators first), 粉丝量级 (the
 * size classes with their follower ranges), 地区 (provinces) and 带货. Each change replaces one filter.
 */
export function CreatorFilterBar({
  params,
  onChange,
}: {
  params: CreatorListParams;
  onChange(next: Partial<CreatorListParams>): void;
}) {
  const facets = useCreatorFacets();
  const fields = facets.data?.fields ?? [];
  const chips = fields.slice(0, FIELD_CHIPS);
  const more = fields.slice(FIELD_CHIPS);
  const fieldInMore = params.field !== null && !chips.some((facet) => facet.name === params.field);
  return (
    <div className="cr-filters" data-testid="creator-filters">
      <FilterLine label="领域">
        <FilterChip active={params.field === null} onClick={() => onChange({ field: null })}>
          全部
        </FilterChip>
        {chips.map((facet) => (
          <FilterChip
            key={facet.name}
            active={params.field === facet.name}
            onClick={() => onChange({ field: facet.name })}
          >
            {facet.name}
          </FilterChip>
        ))}
        {(more.length > 0 || fieldInMore) && (
          <Select
            size="small"
            className="cr-filter__select"
            placeholder="更多领域"
            allowClear
            value={fieldInMore ? params.field : undefined}
            options={more.map((facet) => ({ value: facet.name, label: facet.name }))}
            onChange={(value: string | undefined) => onChange({ field: value ?? null })}
            aria-label="更多领域"
          />
        )}
      </FilterLine>
      <FilterLine label="粉丝量级">
        <FilterChip active={params.sizeClass === null} onClick={() => onChange({ sizeClass: null })}>
          全部
        </FilterChip>
        {sizeClassCodes.map((code) => (
          <FilterChip key={code} active={params.sizeClass === code} onClick={() => onChange({ sizeClass: code })}>
            {creatorClassLabels[code]}
            <span className="cr-chip__hint">{followerRangeText(creatorSizeRanges[code])}</span>
          </FilterChip>
        ))}
      </FilterLine>
      <FilterLine label="地区">
        <Select
          size="small"
          className="cr-filter__select"
          placeholder="全部地区"
          allowClear
          showSearch
          value={params.province ?? undefined}
          options={(facets.data?.provinces ?? []).map((facet) => ({ value: facet.name, label: facet.name }))}
          onChange={(value: string | undefined) => onChange({ province: value ?? null })}
          aria-label="地区"
        />
      </FilterLine>
      <FilterLine label="带货">
        <FilterChip active={params.isCommerce === null} onClick={() => onChange({ isCommerce: null })}>
          全部
        </FilterChip>
        <FilterChip active={params.isCommerce === true} onClick={() => onChange({ isCommerce: true })}>
          带货达人
        </FilterChip>
        <FilterChip active={params.isCommerce === false} onClick={() => onChange({ isCommerce: false })}>
          非带货达人
        </FilterChip>
      </FilterLine>
    </div>
  );
}
