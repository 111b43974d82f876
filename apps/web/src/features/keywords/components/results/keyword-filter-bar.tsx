import { FilterOutlined, StarFilled } from '@ant-design/icons';
import type { KeywordFilters } from '@dso/contract';
import { competitionLabel, contentCategories } from '@dso/domain';
import { Button, Checkbox, InputNumber, Select, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

export interface KeywordFilterBarProps {
  value: KeywordFilters;
  onChange(filters: KeywordFilters): void;
  /** Filters the tab fixes itself and so does not offer (commerce on 电商词, blue ocean on AI选词). */
  fixed?: { commerce?: boolean; blueOcean?: boolean };
  disabled?: boolean;
}

type Range = [number | null, number | null];

const STARS = [1, 2, 3, 4] as const;

/** A range with its ends in order; an empty end means no bound. */
function orderedRange([low, high]: Range): Range {
  if (low !== null && high !== null && low > high) return [high, low];
  return [low, high];
}

const toRange = (min?: number, max?: number): Range => [min ?? null, max ?? null];

/**
 * The filter bar of a library tab: search-index range, month-coverage range, competition
 * stars, content category (the glossary's names and tips) and commerce / blue-ocean words. Changes
 * are collected and applied with 筛选, since every new search spends one of the day's counts.
 */
export function KeywordFilterBar({ value, onChange, fixed = {}, disabled }: KeywordFilterBarProps) {
  const [index, setIndex] = useState<Range>(toRange(value.index_min, value.index_max));
  const [cover, setCover] = useState<Range>(toRange(value.cover_min, value.cover_max));
  const [stars, setStars] = useState<number[]>(value.competition ?? []);
  const [category, setCategory] = useState<string | undefined>(value.category);
  const [commerce, setCommerce] = useState(Boolean(value.commerce));
  const [blueOcean, setBlueOcean] = useState(Boolean(value.blue_ocean));

  // The applied filters change from outside (reset by a new tab): the draft follows.
  useEffect(() => {
    setIndex(toRange(value.index_min, value.index_max));
    setCover(toRange(value.cover_min, value.cover_max));
    setStars(value.competition ?? []);
    setCategory(value.category);
    setCommerce(Boolean(value.commerce));
    setBlueOcean(Boolean(value.blue_ocean));
  }, [value]);

  const apply = () => {
    const [indexMin, indexMax] = orderedRange(index);
    const [coverMin, coverMax] = orderedRange(cover);
    const next: KeywordFilters = {};
    if (indexMin !== null) next.index_min = indexMin;
    if (indexMax !== null) next.index_max = indexMax;
    if (coverMin !== null) next.cover_min = coverMin;
    if (coverMax !== null) next.cover_max = coverMax;
    if (stars.length > 0) next.competition = [...stars].sort();
    if (category) next.category = category;
    if (commerce && !fixed.commerce) next.commerce = true;
    if (blueOcean && !fixed.blueOcean) next.blue_ocean = true;
    onChange(next);
  };

  const reset = () => onChange({});

  const toggleStar = (star: number) =>
    setStars((current) => (current.includes(star) ? current.filter((item) => item !== star) : [...current, star]));

  /** A figure's from-to filter: its name, then the smallest and the largest value. */
  const rangeFilter = (name: string, range: Range, set: (range: Range) => void) => {
    const numberInput = (end: 0 | 1) => (
      <InputNumber<number>
        size="small"
        min={0}
        precision={0}
        controls={false}
        placeholder={end === 0 ? '最小' : '最大'}
        value={range[end]}
        onChange={(next) => set(end === 0 ? [next ?? null, range[1]] : [range[0], next ?? null])}
        onPressEnter={apply}
        aria-label={`${name}${end === 0 ? '最小值' : '最大值'}`}
        className="kw-filter-number"
      />
    );
    return (
      <div className="kw-filter">
        <span className="kw-filter-label">{name}</span>
        {numberInput(0)}
        <span className="kw-filter-dash">-</span>
        {numberInput(1)}
      </div>
    );
  };

  return (
    <div className="kw-filters" data-testid="keyword-filters">
      <div className="kw-filters-row">
        {rangeFilter('搜索指数', index, setIndex)}
        {rangeFilter('月覆盖量', cover, setCover)}
        <fieldset className="kw-filter" aria-label="竞争度">
          <span className="kw-filter-label">竞争度</span>
          {STARS.map((star) => (
            <Tooltip key={star} title={`${star}颗星，竞争${competitionLabel(star)?.label ?? ''}`}>
              <button
                type="button"
                className={`kw-star-chip${stars.includes(star) ? ' is-on' : ''}`}
                aria-pressed={stars.includes(star)}
                onClick={() => toggleStar(star)}
              >
                {star}
                <StarFilled />
              </button>
            </Tooltip>
          ))}
        </fieldset>
      </div>
      <div className="kw-filters-row">
        <div className="kw-filter">
          <span className="kw-filter-label">内容分类</span>
          <Select
            size="small"
            allowClear
            value={category}
            onChange={(next) => setCategory(next ?? undefined)}
            placeholder="全部分类"
            className="kw-filter-category"
            popupMatchSelectWidth={240}
            showSearch={{ optionFilterProp: 'label' }}
            options={contentCategories.map((item) => ({ value: item.code, label: item.name, tip: item.tip }))}
            optionRender={(option) => (
              <span className="kw-category-option" title={option.data.tip}>
                <span>{option.data.label}</span>
                <span className="kw-category-tip">{option.data.tip}</span>
              </span>
            )}
            aria-label="内容分类"
          />
        </div>
        {!fixed.commerce && (
          <Checkbox checked={commerce} onChange={(event) => setCommerce(event.target.checked)}>
            只看带货词
          </Checkbox>
        )}
        {!fixed.blueOcean && (
          <Checkbox checked={blueOcean} onChange={(event) => setBlueOcean(event.target.checked)}>
            只看蓝海词
          </Checkbox>
        )}
        <div className="kw-filter-actions">
          <Button size="small" onClick={reset} disabled={disabled} autoInsertSpace={false}>
            重置
          </Button>
          <Button
            size="small"
            type="primary"
            icon={<FilterOutlined />}
            onClick={apply}
            disabled={disabled}
            autoInsertSpace={false}
          >
            筛选
          </Button>
        </div>
      </div>
    </div>
  );
}
