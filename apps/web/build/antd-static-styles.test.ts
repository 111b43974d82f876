import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { dropStyleFunctions } from './antd-static-styles';

// The shapes antd's style modules use: a default export of a hook maker, a hook made inside a
// function, and a sub-style component; the token preparers beside them must survive.
const styleModule = `
import { genStyleHooks, genSubStyleComponent, mergeToken } from '../../theme/internal';
const genItemStyle = token => ({ [\`\${token.componentCls}-item\`]: { margin: 0, content: '"（中文）"' } });
export const prepareComponentToken = token => ({ itemHeight: token.controlHeight });
export default genStyleHooks('Menu', token => {
  const menuToken = mergeToken(token, { x: 1 });
  return [genItemStyle(menuToken)];
}, prepareComponentToken, { unitless: { lineHeight: true } });
export const useMultiple = genSubStyleComponent(['Select', 'Multiple'], function (token) {
  return genItemStyle(token);
}, prepareComponentToken);
`;

describe('dropStyleFunctions', () => {
  it('replaces each style function with one that builds nothing and keeps the token preparers', () => {
    const out = dropStyleFunctions(styleModule) ?? '';
    expect(out).toContain("genStyleHooks('Menu', () => [], prepareComponentToken, { unitless: { lineHeight: true } })");
    expect(out).toContain("genSubStyleComponent(['Select', 'Multiple'], () => [], prepareComponentToken)");
    expect(out).not.toContain('mergeToken(token');
    expect(out).not.toContain('return genItemStyle(token)');
    // Still a module the bundler can read, with non-ASCII text before the replaced ranges.
    expect(() => parseAst(out)).not.toThrow();
  });

  it('leaves a module without a style hook maker alone', () => {
    expect(dropStyleFunctions('export const unit = (value) => value + 1;')).toBeNull();
  });
});
