import type { ComponentType } from 'react';

/**
 * A failed lazy chunk load (a deploy replaced the chunk, a network hiccup) is retried before the
 * route gives up; the route error page then offers one more retry of the pending route.
 */
export async function importWithRetry<T>(load: () => Promise<T>, retries = 2, delayMs = 800): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (retries <= 0) throw error;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return importWithRetry(load, retries - 1, delayMs);
  }
}

export async function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const module = await importWithRetry(load);
  return { Component: module.default };
}
