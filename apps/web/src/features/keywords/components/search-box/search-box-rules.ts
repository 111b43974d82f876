/** Timings and limits of the keyword search box (000 §4, §9). */
export const searchBoxRules = {
  /** The platform highlight moves at once; the page follows after this delay. */
  platformSwitchDelayMs: 300,
  /** The history and suggestion panel hides this long after the input loses focus. */
  panelHideDelayMs: 300,
  /** Suggestions are asked at most once a second. */
  suggestionThrottleMs: 1000,
  /** History collapses beyond this many items behind 'show more'. */
  historyCollapseAfter: 10,
  /**
   * Keywords at least this long get the root-word dialog before searching. The spec only says
   * "long"; 8 characters is where a Chinese query usually stacks two or three words.
   */
  rootWordMinLength: 8,
} as const;

/** The box height event (000 §4): 241 in single mode, 318 in batch mode. */
export const searchBoxHeights = { single: 241, batch: 318 } as const;

export type SearchMode = keyof typeof searchBoxHeights;
