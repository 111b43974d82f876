import { SearchOutlined } from '@ant-design/icons';
import { keywordLength, keywordLimits, keywordMessages, trimKeyword } from '@dso/domain';
import type { InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/feedback';

/**
 * The text of a search box on the topic pages: it follows the address's `keyword`, and on Enter or the
 * button it is searched once it holds 1–30 characters as the domain counts them, or the domain's message
 * says why not (the server refuses the same words). Spread `inputProps` on the box's large Input.
 */
export function useKeywordSearchText(keyword: string, onSearch: (word: string) => void) {
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  const submit = () => {
    const word = trimKeyword(text);
    if (!word) return toast(keywordMessages.required, 'warning');
    if (keywordLength(word) > keywordLimits.single) return toast(keywordMessages.tooLong, 'warning');
    onSearch(word);
  };
  const inputProps: InputProps = {
    size: 'large',
    value: text,
    allowClear: true,
    prefix: <SearchOutlined aria-hidden />,
    onChange: (event) => setText(event.target.value),
    onPressEnter: submit,
  };
  return { inputProps, submit };
}
