import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { webDist } from './server';

/**
 * Runs `body` in the page with `store`, the global dialogs store the page runs. The store is in the entry
 * chunk, which exports it to the chunks loaded on demand; importing that chunk again returns the very
 * module the page runs.
 */
async function withDialogsStore<T>(page: Page, body: string): Promise<T> {
  const chunk = /src="\/assets\/(index-[^"]+\.js)"/.exec(readFileSync(`${webDist}/index.html`, 'utf8'))?.[1];
  if (!chunk) throw new Error('the entry chunk was not found in apps/web/dist/index.html');
  // Passed as source text: the test runner rewrites `import()` in functions it compiles.
  const script = `(async () => {
    const module = await import(${JSON.stringify(`/assets/${chunk}`)});
    const store = Object.values(module).find(
      (value) => typeof value?.getState === 'function' && 'openDialog' in value.getState(),
    );
    if (!store) throw new Error('the dialogs store was not found');
    ${body}
  })()`;
  return (await page.evaluate(script)) as T;
}

/** Opens a dialog of the global dialogs store from a test, for dialogs no built page opens yet. */
export async function openGlobalDialog(page: Page, name: string, payload: unknown) {
  await withDialogsStore(page, `store.getState().openDialog(${JSON.stringify(name)}, ${JSON.stringify(payload)});`);
}

/**
 * The dialogs the global store holds open now. The store changes in the handler that asks for a dialog,
 * before React draws it: right after a click, this tells whether the click asked for one.
 */
export function openDialogNames(page: Page): Promise<string[]> {
  return withDialogsStore(
    page,
    'return Object.entries(store.getState().open).filter(([, open]) => open).map(([name]) => name);',
  );
}
