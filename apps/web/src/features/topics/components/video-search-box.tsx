import { Button, Input } from 'antd';
import { useKeywordSearchText } from './use-keyword-search-text';

/** The title search of the material library. */
export function VideoSearchBox({ keyword, onSearch }: { keyword: string; onSearch(keyword: string): void }) {
  const { inputProps, submit } = useKeywordSearchText(keyword, onSearch);
  return (
    <search className="tp-search">
      <Input {...inputProps} placeholder="请输入视频名称" aria-label="请输入视频名称" />
      <Button size="large" type="primary" onClick={submit}>
        搜索视频
      </Button>
    </search>
  );
}
