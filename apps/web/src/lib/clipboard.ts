import { toast } from './feedback';

/** Copies a text to the clipboard and says whether it worked. */
export async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('复制成功', 'success');
  } catch {
    toast('复制失败，请手动选择文本复制');
  }
}
