import { Segmented } from 'antd';
import type { ChinaMapLevel } from '../../lib/charts';

/** The audience panels' 省份 / 城市 switch over the region map and its top list (002 §2). */
export function RegionLevelSwitch({ value, onChange }: { value: ChinaMapLevel; onChange(level: ChinaMapLevel): void }) {
  return (
    <Segmented
      value={value}
      options={[
        { value: 'province', label: '省份' },
        { value: 'city', label: '城市' },
      ]}
      onChange={(level) => onChange(level as ChinaMapLevel)}
    />
  );
}
