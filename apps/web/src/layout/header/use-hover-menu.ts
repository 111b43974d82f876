import { useCallback, useEffect, useRef, useState } from 'react';

/** Hover menus open and close after 300 ms (000 §4, §9). */
export const MENU_HOVER_DELAY_MS = 300;
/** After a click the menus stay shut for 500 ms, so the pointer resting on a tab does not reopen one. */
export const MENU_CLICK_LOCK_MS = 500;

/**
 * Open state of the header hover menus: one menu at most, opened and closed after the hover delay,
 * and locked for a moment after a click.
 */
export function useHoverMenu<Key extends string>() {
  const [openKey, setOpenKey] = useState<Key | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lockedUntil = useRef(0);

  const clearTimer = useCallback(() => clearTimeout(timer.current), []);
  const isLocked = useCallback(() => Date.now() < lockedUntil.current, []);

  /** The pointer entered a tab: open its menu after the delay unless a click just happened. */
  const enter = useCallback(
    (key: Key) => {
      clearTimer();
      if (isLocked()) return;
      timer.current = setTimeout(() => {
        if (!isLocked()) setOpenKey(key);
      }, MENU_HOVER_DELAY_MS);
    },
    [clearTimer, isLocked],
  );

  /** The pointer left the tab or the menu: close after the delay unless it comes back. */
  const leave = useCallback(() => {
    clearTimer();
    timer.current = setTimeout(() => setOpenKey(null), MENU_HOVER_DELAY_MS);
  }, [clearTimer]);

  /** The pointer moved from the tab into its open menu. */
  const stay = clearTimer;

  /** A click on a tab or an entry: close at once and ignore hovering for the lock time. */
  const click = useCallback(() => {
    clearTimer();
    setOpenKey(null);
    lockedUntil.current = Date.now() + MENU_CLICK_LOCK_MS;
  }, [clearTimer]);

  const close = useCallback(() => {
    clearTimer();
    setOpenKey(null);
  }, [clearTimer]);

  useEffect(() => clearTimer, [clearTimer]);
  return { openKey, enter, leave, stay, click, close };
}
