import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Painted pixels of the canvases inside the chart boxes of a test id: more than a few hundred means a drawing. */
export async function paintedPixels(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    const canvases = document.querySelectorAll<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
    let painted = 0;
    for (const canvas of canvases) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted++;
    }
    return painted;
  }, testId);
}

/**
 * A fingerprint of what a chart's canvases show (FNV-1a over their pixels): two readings differ when the drawing
 * changed, however its painted area moved (a tree that gains a branch in the same height can paint fewer pixels).
 */
export async function chartPicture(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    let hash = 0x811c9dc5;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>(`[data-testid="${id}"] canvas`)) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i++) hash = Math.imul(hash ^ (pixels[i] ?? 0), 0x01000193) >>> 0;
    }
    return hash;
  }, testId);
}

/** Waits until a chart has drawn (ECharts animates in, so the first frame can be nearly empty). */
export async function waitForChart(page: Page, testId: string, atLeast = 2000) {
  await page.locator(`[data-testid="${testId}"] canvas`).first().waitFor();
  await expect.poll(() => paintedPixels(page, testId), { timeout: 10_000 }).toBeGreaterThan(atLeast);
}

/**
 * Waits until a chart has finished animating: two readings of its painted pixels 200 ms apart agree (and
 * show more than `atLeast`), within ten seconds.
 */
export async function whenChartStill(page: Page, testId: string, atLeast = 2000) {
  let previous = -1;
  await expect
    .poll(
      async () => {
        const now = await paintedPixels(page, testId);
        const still = now > atLeast && now === previous;
        previous = now;
        return still;
      },
      { timeout: 10_000, interval: 200, message: `the chart ${testId} did not stop animating` },
    )
    .toBe(true);
}
