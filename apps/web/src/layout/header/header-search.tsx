import { SearchOutlined } from '@ant-design/icons';
import { keywordLimits } from '@dso/domain';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useKeywordText } from '../../lib/use-keyword-text';
import { useGatedNavigate } from '../login-gate';

/** Header search types (000 §2.5) and the library each one searches. */
export const headerSearchTypes = [
  { value: 1, label: '关键词', placeholder: '请输入关键词', path: '/KeywordDouyin/searchWord' },
  { value: 2, label: '达人', placeholder: '请输入达人名称', path: '/personListLibrary' },
  { value: 3, label: '视频', placeholder: '请输入视频名称', path: '/DouyinTopic/searchWord' },
] as const;

type SearchType = (typeof headerSearchTypes)[number]['value'];

/** Header search: type dropdown and a 20-character input; visitors get the login dialog (000 §6). */
export function HeaderSearch() {
  const [type, setType] = useState<SearchType>(1);
  const goOrLogin = useGatedNavigate();
  const current = headerSearchTypes.find((item) => item.value === type) ?? headerSearchTypes[0];
  const { input, submit } = useKeywordText(keywordLimits.header, (keyword) => {
    // An empty header search does nothing (000 §5).
    if (!keyword) return;
    goOrLogin(`${current.path}?keyword=${encodeURIComponent(keyword)}`);
  });

  return (
    <div className="header-search" data-testid="header-search">
      <Select
        className="header-search-type"
        variant="borderless"
        value={type}
        onChange={setType}
        options={headerSearchTypes.map(({ value, label }) => ({ value, label }))}
        popupMatchSelectWidth={88}
        aria-label="搜索类型"
      />
      <span className="header-search-divider" />
      <Input
        className="header-search-input"
        variant="borderless"
        {...input}
        placeholder={current.placeholder}
        onPressEnter={submit}
        aria-label={current.placeholder}
      />
      <button type="button" className="header-search-button" onClick={submit} aria-label="搜索">
        <SearchOutlined />
      </button>
    </div>
  );
}
