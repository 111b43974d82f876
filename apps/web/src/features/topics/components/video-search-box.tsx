import { SearchOutlined } from '@ant-design/icons';
import { keywordLength, keywordLimits, keywordMessages, trimKeyword } from '@dso/domain';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/feedback';

/**
 * The title search of the material library: 1–30 characters as the domain counts them, with the
 * domain's messages (the server refuses the same words).
 */
export function VideoSearchBox({ keyword, onSearch }: { keyword: string; onSearch(keyword: string): void }) {
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  const submit = () => {
    const word = trimKeyword(text);
    if (!word) {
      toast(keywordMessages.required, 'warning');
      return;
    }
    if (keywordLength(word) > keywordLimits.single) {
      toast(keywordMessages.tooLong, 'warning');
      return;
    }
    onSearch(word);
  };
  return (
    <search className="tp-search">
      <Input
        size="large"
        value={text}
        allowClear
        placeholder="请输入视频名称"
        aria-label="请输入视频名称"
        prefix={<SearchOutlined aria-hidden />}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={submit}
      />
      <Button size="large" type="primary" onClick={submit}>
        搜索视频
      </Button>
    </search>
  );
}
