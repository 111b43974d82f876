import { type Plugin, parseAst } from 'vite';

/**
 * The app runs antd with `zeroRuntime` (app.tsx): every component style comes from antd's static
 * stylesheet, and the style hooks return before calling a component's style function. Those functions
 * are still imported, though, so each page carried antd's whole CSS-in-JS source for styles it never
 * builds. This plugin hands each style hook a function that builds nothing in their place; the
 * bundler then drops the unused generators. The token preparers (third argument) stay: the CSS
 * variables the static stylesheet reads are still registered from them.
 */
const STYLE_MODULE = /[\\/]antd[\\/]es[\\/].*[\\/]style[\\/][^\\/]+\.js$/;
const STYLE_HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The source ranges of the style functions handed to antd's style hook makers in one module. */
function styleFunctionRanges(code: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      if (callee.type === 'Identifier' && STYLE_HOOK_MAKERS.has(callee.name as string) && args[1]) {
        const styleFn = args[1];
        if (styleFn.type === 'ArrowFunctionExpression' || styleFn.type === 'FunctionExpression') {
          ranges.push([styleFn.start, styleFn.end]);
          return;
        }
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(code) as unknown as Node);
  return ranges;
}

/** The module with every style function replaced by one that builds nothing; null when it has none. */
export function dropStyleFunctions(code: string): string | null {
  const ranges = styleFunctionRanges(code);
  if (ranges.length === 0) return null;
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  }
  return out;
}

export function antdStaticStyles(): Plugin {
  return {
    name: 'dso:antd-static-styles',
    apply: 'build',
    transform(code, id) {
      if (!STYLE_MODULE.test(id)) return null;
      const out = dropStyleFunctions(code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
