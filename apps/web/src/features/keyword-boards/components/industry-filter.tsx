import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { FilterChip } from '../../../components';
import { useBoardIndustries } from '../api/get-board-industries';

/** Industries shown before 展开. */
const COLLAPSED_COUNT = 14;

/**
 * The industry filter of the boards: 全部行业 or one industry (its own ranks), as chips. Industries come
 * from the boards themselves, largest first; the filter hides itself when there are none.
 */
export function IndustryFilter({ value, onChange }: { value: string | null; onChange(industry: string | null): void }) {
  const { data } = useBoardIndustries();
  const [expanded, setExpanded] = useState(false);
  const industries = [...(data ?? [])].sort((a, b) => b.keyword_count - a.keyword_count).map((item) => item.industry);
  if (industries.length === 0) return null;
  // The chosen industry stays visible even when it would be folded away.
  const shown = expanded ? industries : industries.slice(0, COLLAPSED_COUNT);
  if (value && !shown.includes(value)) shown.push(value);
  const chip = (industry: string | null, label: string) => (
    // kb-chip: the journeys find a board's industries by it.
    <FilterChip key={label} className="kb-chip" active={value === industry} onClick={() => onChange(industry)}>
      {label}
    </FilterChip>
  );
  return (
    <div className="kb-industries" data-testid="industry-filter">
      <span className="kb-industries__label">行业</span>
      <div className="kb-industries__chips">
        {chip(null, '全部行业')}
        {shown.map((industry) => chip(industry, industry))}
        {industries.length > COLLAPSED_COUNT && (
          <Button
            type="link"
            size="small"
            onClick={() => setExpanded(!expanded)}
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
          >
            {expanded ? '收起' : '展开'}
          </Button>
        )}
      </div>
    </div>
  );
}
