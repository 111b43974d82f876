/** AI 文案's public face: its address with a keyword filled in. Its page loads lazily from the route table. */
export const copywritersPath = (keyword?: string) =>
  keyword ? `/copyWriters?keyword=${encodeURIComponent(keyword)}` : '/copyWriters';
