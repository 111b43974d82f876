import { fuzzRoutes } from './route-fuzz';

/** Part 2 of the route fuzz (route-fuzz.ts): every second route from the second. */
await fuzzRoutes(1, 2);
