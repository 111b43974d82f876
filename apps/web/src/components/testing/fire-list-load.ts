import { act } from '@testing-library/react';

/**
 * What the layout does when an infinite-scroll page is scrolled to its end: fires the route's load event
 * (`hotListLoad`, `topicListLoad`, …) on the window, for the page to ask for its next rows.
 */
export function fireListLoad(event: string) {
  act(() => {
    window.dispatchEvent(new CustomEvent(event));
  });
}
