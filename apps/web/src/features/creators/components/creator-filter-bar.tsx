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

/** A filter's chips: 全部 (no filter) first, then one chip per choice; the chosen one is lit. */
function ChoiceChips<T extends string | boolean>({
  value,
  choices,
  onPick,
}: {
  value: T | null;
  choices: { value: T; label: ReactNode }[];
  onPick(value: T | null): void;
}) {
  return (
    <>
      <FilterChip active={value === null} onClick={() => onPick(null)}>
        全部
      </FilterChip>
      {choices.map((choice) => (
        <FilterChip key={String(choice.value)} active={value === choice.value} onClick={() => onPick(choice.value)}>
          {choice.label}
        </FilterChip>
      ))}
    </>
  );
}

/** A filter picked from the library's facets in a small select; clearing it removes the filter. */
function FacetSelect({
  label,
  placeholder,
  facets,
  value,
  onPick,
  showSearch,
}: {
  label: string;
  placeholder: string;
  facets: { name: string }[];
  value: string | null;
  onPick(value: string | null): void;
  showSearch?: boolean;
}) {
  return (
    <Select
      size="small"
      className="cr-filter__select"
      placeholder={placeholder}
      allowClear
      showSearch={showSearch}
      value={value ?? undefined}
      options={facets.map((facet) => ({ value: facet.name, label: facet.name }))}
      onChange={(next: string | undefined) => onPick(next ?? null)}
      aria-label={label}
    />
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
        <ChoiceChips
          value={params.field}
          choices={chips.map((facet) => ({ value: facet.name, label: facet.name }))}
          onPick={(field) => onChange({ field })}
        />
        {(more.length > 0 || fieldInMore) && (
          <FacetSelect
            label="更多领域"
            placeholder="更多领域"
            facets={more}
            value={fieldInMore ? params.field : null}
            onPick={(field) => onChange({ field })}
          />
        )}
      </FilterLine>
      <FilterLine label="粉丝量级">
        <ChoiceChips
          value={params.sizeClass}
          choices={sizeClassCodes.map((code) => ({
            value: code,
            label: (
              <>
                {creatorClassLabels[code]}
                <span className="cr-chip__hint">{followerRangeText(creatorSizeRanges[code])}</span>
              </>
            ),
          }))}
          onPick={(sizeClass) => onChange({ sizeClass })}
        />
      </FilterLine>
      <FilterLine label="地区">
        <FacetSelect
          label="地区"
          placeholder="全部地区"
          facets={facets.data?.provinces ?? []}
          value={params.province}
          onPick={(province) => onChange({ province })}
          showSearch
        />
      </FilterLine>
      <FilterLine label="带货">
        <ChoiceChips
          value={params.isCommerce}
          choices={[
            { value: true, label: '带货达人' },
            { value: false, label: '非带货达人' },
          ]}
          onPick={(isCommerce) => onChange({ isCommerce })}
        />
      </FilterLine>
    </div>
  );
}
