import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { libraryOf, type PlatformKey } from '../../keyword-libraries';
import { type KeywordSearch, libraryUrl } from '../../search-url';
import { searchBoxRules } from './search-box-rules';

type Timer = ReturnType<typeof setTimeout>;

function useTimer() {
  const timer = useRef<Timer | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const start = (run: () => void, delayMs: number) => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      run();
    }, delayMs);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer is only cleared on unmount.
  useEffect(() => cancel, []);
  return { start, cancel };
}

/**
 * The history/suggestion panel's visibility (000 §4): open on focus, closed at once by a search,
 * and hidden a moment after blur so a click on one of its words still lands.
 */
export function usePanelVisibility() {
  const [open, setOpen] = useState(false);
  const hide = useTimer();
  return {
    open,
    show() {
      hide.cancel();
      setOpen(true);
    },
    close() {
      hide.cancel();
      setOpen(false);
    },
    hideSoon() {
      hide.start(() => setOpen(false), searchBoxRules.panelHideDelayMs);
    },
  };
}

/**
 * The platform tabs' switch (000 §2.6): the highlight moves at once, the page follows after a short
 * delay with the current search, and going back to the page's own platform in time cancels it.
 */
export function usePlatformSwitch(platform: PlatformKey, currentSearch: () => KeywordSearch) {
  const navigate = useNavigate();
  const [active, setActive] = useState<PlatformKey>(platform);
  const pending = useTimer();

  useEffect(() => setActive(platform), [platform]);

  const switchTo = (next: PlatformKey) => {
    if (next === active) return;
    setActive(next);
    pending.cancel();
    if (next === platform) return;
    const search = currentSearch();
    pending.start(() => void navigate(libraryUrl(libraryOf(next), { search })), searchBoxRules.platformSwitchDelayMs);
  };
  return { active, switchTo };
}
