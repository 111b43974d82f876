/**
 * The text of an AI answer as the user copies, saves and publishes it: Douyin, 小红书 and
 * 朋友圈 show Markdown marks literally, so a model's marks are taken out and the words kept.
 * 1. A line that is the sandbox's old label (【沙箱示例输出…】, in works saved by earlier versions) is dropped:
 *    the interface shows the sandbox tag beside the text instead.
 * 2. Heading marks (`# ` to `###### `) and quote marks (`> `) at a line's start go; `#话题` tags stay.
 * 3. A bullet (`- `, `* `, `+ `) becomes `· `; numbered items stay as they are.
 * 4. Bold and italic marks (`**`, `__`), inline code ticks and code fence lines go; a rule line (`---`) goes.
 * 5. More than one blank line in a row becomes one; the ends are trimmed.
 */
export function plainCopy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*【沙箱示例输出/.test(line) && !/^\s*(```|~~~|-{3,}\s*$|\*{3,}\s*$)/.test(line))
    .map((line) =>
      line
        .replace(/^(\s*)#{1,6}\s+/, '$1')
        .replace(/^(\s*)>\s?/, '$1')
        .replace(/^(\s*)[-*+]\s+/, '$1· ')
        .replace(/\*\*|__|`/g, ''),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
