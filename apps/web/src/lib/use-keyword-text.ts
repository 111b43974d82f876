import { trimKeyword } from '@dso/domain';
import { useState } from 'react';

/**
 * A keyword box's own text (the header search, the home search, 找词): what is typed, trimmed when the
 * box loses focus. `input` is spread on the antd Input.
 */
export function useKeywordText() {
  const [text, setText] = useState('');
  const input = {
    value: text,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: () => setText(trimKeyword(text)),
  };
  return { text, input };
}
