/**
 * The `data:` payloads of an OpenAI-style Server-Sent Events stream, one per line, up to its `[DONE]`
 * sentinel. Comments (": keep-alive"), event names and blank separators carry none. `read` gives the
 * stream's next piece of text (callers arm their timers and name their read errors there); a stream that
 * ends before `[DONE]` was cut off, so what arrived is not the whole answer: it throws `cutOff()`.
 */
export async function* sseData(
  read: () => Promise<{ done: true; value?: string } | { done: false; value: string }>,
  cutOff: () => Error,
): AsyncGenerator<string, void> {
  let buffer = '';
  for (;;) {
    const piece = await read();
    if (piece.done) throw cutOff();
    buffer += piece.value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      yield data;
    }
  }
}
