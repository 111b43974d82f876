/**
 * The one hop between the route table and the console. Vite lists a lazy page's dependencies (its shared
 * chunks and styles) beside the `import()` that loads it; importing the page from here puts that list in
 * this small chunk, so the members' entry script carries one chunk name for the whole console.
 */
export const loadConsolePage = () => import('./pages/console-page');
