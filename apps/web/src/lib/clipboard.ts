import { toast } from './feedback';

/** How a copy reports itself. */
export interface CopyTextOptions {
  /** What the toast says when the browser refuses the copy; it names what the user should select by hand. */
  failureMessage?: string;
}

/** Copies a text to the clipboard and says whether it worked. */
export async function copyText(
  text: string,
  { failureMessage = '复制失败，请手动选择文本复制' }: CopyTextOptions = {},
) {
  try {
    await navigator.clipboard.writeText(text);
    toast('复制成功', 'success');
  } catch {
    toast(failureMessage);
  }
}
