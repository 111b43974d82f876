import type { ReactElement } from 'react';
import { useDialogs } from '../../stores/dialogs';
import { type RouteRenderOptions, renderAtRoute, type Viewer } from './render-route';

export type { Viewer } from './render-route';

/**
 * Renders a widget the way the app does (zh_CN antd, dark theme unless told, a router at `/list`) for a
 * given viewer. Answers stay fresh for the whole test, so a widget fetches each once; the current
 * address is the `address` test id, so link clicks can be asserted.
 */
export function renderWidget(
  ui: ReactElement,
  {
    viewer = 'visitor',
    theme = 'dark',
    prefill = [],
  }: { viewer?: Viewer } & Pick<RouteRenderOptions, 'theme' | 'prefill'> = {},
) {
  return renderAtRoute(ui, { url: '/list', viewer, theme, prefill, staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The button of an open antd dialog whose label matches `text`, read without spaces (antd spaces out a
 * two-character label such as 确定); undefined when no such button is shown.
 */
export const modalButton = (text: RegExp) =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal button')].find((element) =>
    text.test((element.textContent ?? '').replace(/\s/g, '')),
  ) as HTMLButtonElement;

/** The dialogs opened so far, with their payloads. */
export function openedDialogs() {
  const { open, payload } = useDialogs.getState();
  return { open, payload };
}
