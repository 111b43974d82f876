import { describe, expect, it } from 'vitest';
import { longestRepeatedClause } from '../../providers/llm/repeated-clause';
import { sandboxText } from '../../providers/llm/sandbox';
import { defaultWritingTemplates } from './default-templates';
import { writingRequest } from './writing.service';
import { formInstructions, PLAIN_TEXT_RULE } from './writing-forms';

const keywords = [
  '露营',
  '减脂餐',
  '保温杯',
  '成都火锅',
  '油皮粉底液',
  '羽绒服',
  '年货节',
  '扫地机器人',
  '租房改造',
  '手机拍美食',
];
const suffixes = ['推荐', '怎么选', '清单', '平价', '教程', '入门', '测评', '搭配'];

/** The template's form filled as a user would: each placeholder's example, optional ones left empty now and then. */
function valuesFor(template: (typeof defaultWritingTemplates)[number], keyword: string, round: number) {
  return Object.fromEntries(
    template.variables.map((variable) => {
      if (variable.keyword) return [variable.key, keyword];
      const example = variable.placeholder.replace(/^例如：/, '').replace(/.*（选填）$/, '');
      return [variable.key, !variable.required && round % 2 === 1 ? '' : example];
    }),
  );
}

describe('AI 创作 output forms', () => {
  it('writes 100 sandbox answers per template with no clause repeated, no label and no Markdown marks', () => {
    for (const template of defaultWritingTemplates) {
      for (let round = 0; round < 100; round++) {
        const keyword = keywords[round % keywords.length]!;
        const related = suffixes.slice(0, round % (suffixes.length + 1)).map((suffix) => `${keyword}${suffix}`);
        const values = valuesFor(template, keyword, Math.floor(round / keywords.length));
        const { context } = writingRequest(template, values, related);
        const text = sandboxText(context, Math.floor(round / keywords.length));
        const where = `${template.title} #${round}:\n${text}`;
        expect(longestRepeatedClause(text, [...Object.values(values), ...related]), where).toBe('');
        expect(text, where).not.toMatch(/沙箱|^#{1,6}\s|\*\*|^[-*]\s/m);
      }
    }
  });

  it('gives ten numbered titles for 爆款标题, each naming the keyword or a related word', () => {
    const template = defaultWritingTemplates.find((entry) => entry.seedKey === 'title-viral')!;
    const related = ['减脂餐食谱', '减脂餐一周不重样'];
    const { context } = writingRequest(template, { keyword: '减脂餐', summary: '' }, related);
    const lines = sandboxText(context).split('\n');
    expect(lines).toHaveLength(10);
    lines.forEach((line, index) => {
      expect(line).toMatch(new RegExp(`^${index + 1}\\. \\S`));
      expect(line).toContain('减脂餐');
    });
  });

  it('asks a real model for the template form, in plain text', () => {
    for (const template of defaultWritingTemplates) {
      const { messages, context } = writingRequest(template, valuesFor(template, '露营', 0), ['露营装备']);
      expect(messages[0]!.content).toContain(PLAIN_TEXT_RULE);
      expect(messages[1]!.content).toContain(`输出格式：${formInstructions[context.form!]}`);
    }
    const titles = defaultWritingTemplates.find((entry) => entry.seedKey === 'title-viral')!;
    expect(writingRequest(titles, { keyword: '露营' }, []).messages[1]!.content).toContain('只输出10个标题');
  });
});
