import { trimKeyword } from '@dso/domain';
import { useState } from 'react';

/**
 * A keyword box's own text (the header search, the home search, 找词): what is typed, at most `maxLength`
 * characters, trimmed when the box loses focus. `input` is spread on the antd Input; `submit` hands
 * `onSubmit` the keyword trimmed, '' for an empty box (each box answers that its own way).
 */
export function useKeywordText(maxLength: number, onSubmit: (keyword: string) => void) {
  const [text, setText] = useState('');
  const input = {
    value: text,
    maxLength,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: () => setText(trimKeyword(text)),
  };
  const submit = () => onSubmit(trimKeyword(text));
  return { text, input, submit };
}
