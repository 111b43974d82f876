import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export { launchBrowser } from './chromium';

export const screenshotDir = path.join(import.meta.dirname, '..', 'screenshots');

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Console warnings and failed or refused resource loads (HTTP 4xx/5xx) seen so far. */
  warnings: string[];
}

export async function openPage(browser: Browser, options: { theme?: 'dark' | 'light' } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (options.theme) {
    await context.addInitScript((theme) => window.localStorage.setItem('dccTheme', theme), options.theme);
  }
  return openPageIn(context);
}

/**
 * A new tracked page in an existing context: pages of one context share its HTTP cache and storage, so a
 * journey visiting many addresses as one user loads the app's hashed assets once.
 */
export async function openPageIn(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) warnings.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => warnings.push(`failed ${request.url()}`));
  return { context, page, errors, warnings };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Waits until an element has stopped moving: antd dialogs zoom in when they open, and on a loaded
 * machine a click aimed at a button mid-zoom lands where the button was a frame earlier. Watched in the
 * page, frame by frame: the element's box must stay the same for {@link STILL_MS} of the page's clock.
 */
export async function whenSettled(locator: Locator, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await locator.waitFor({ timeout: Math.max(1, deadline - Date.now()) });
    const outcome = await locator.evaluate(
      async (element, { stillMs, timeLeft }) => {
        const boxOf = () => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return `${x},${y},${width},${height}`;
        };
        const start = performance.now();
        let box = boxOf();
        let stillSince = start;
        for (;;) {
          const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
          // React may swap the node for a new one: watch the new one from the start.
          if (!element.isConnected) return 'replaced';
          const next = boxOf();
          if (next !== box) [box, stillSince] = [next, now];
          else if (now - stillSince >= stillMs) return 'settled';
          if (now - start > timeLeft) return `still moving (last box ${box})`;
        }
      },
      { stillMs: STILL_MS, timeLeft: deadline - Date.now() },
    );
    if (outcome === 'settled') return;
    if (outcome !== 'replaced' || Date.now() > deadline)
      throw new Error(`${locator} did not settle in ${timeout} ms: ${outcome}`);
  }
}

/** How long an element's box must stay put to count as settled: longer than a frame on a loaded machine. */
const STILL_MS = 100;

/**
 * Waits until the page has stopped animating, for a screenshot of what the user ends up seeing: its fonts
 * loaded and no CSS animation or transition running (antd's dialogs zoom in, menus slide, messages fade).
 * Endless animations (spinners, a blinking caret) are left out; charts paint on canvases, see `whenChartStill`.
 */
export async function whenStill(page: Page, timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction(stillnessOfPage, false, { timeout, polling: 'raf' });
  } catch (error) {
    const still = await page.evaluate(stillnessOfPage, true).catch(() => []);
    throw new Error(`the page was still animating after ${timeout} ms: ${JSON.stringify(still)}`, { cause: error });
  }
}

/** Run in the page: whether it is still (or, to `report`, what still moves). One function, as the page's CSP allows no eval. */
function stillnessOfPage(report: boolean): boolean | string[] {
  const moving =
    document.fonts.status !== 'loaded'
      ? ['fonts loading']
      : document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            const name = animation instanceof CSSAnimation ? animation.animationName : 'transition';
            return `${name} on ${target?.getAttribute('class') || target?.tagName || 'an element'}`;
          });
  return report ? moving : moving.length === 0;
}

/**
 * Has the page report the text of every toast (antd message) it shows from now on, in order, until it
 * unloads; returns the list, which fills as they show. A toast's absence is proved by the next one: toasts
 * show in the order they are raised, so if an expected later toast comes first, none came before it.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const toasts: string[] = [];
  await page.exposeFunction('e2eNoteToast', (text: string) => toasts.push(text));
  await page.evaluate(() => {
    const note = (window as unknown as { e2eNoteToast(text: string): void }).e2eNoteToast;
    // A notice's motion may put the same element in again: each is noted once.
    const seen = new WeakSet<Element>();
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const notices = node.matches('.ant-message-notice') ? [node] : node.querySelectorAll('.ant-message-notice');
          for (const notice of notices) {
            if (seen.has(notice)) continue;
            seen.add(notice);
            note(notice.textContent ?? '');
          }
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return toasts;
}
