import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (the API client). The app registers antd's context-aware message instance
 * at mount, so toasts follow the current theme.
 */
let messageApi: MessageInstance | null = null;

export function registerFeedback(api: MessageInstance) {
  messageApi = api;
}

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** Shows a toast; durations follow 001 §9 (toasts 1000/2000 ms). */
export function toast(text: string, kind: ToastKind = 'error', durationMs = 2000) {
  void messageApi?.open({ type: kind, content: text, duration: durationMs / 1000 });
}
