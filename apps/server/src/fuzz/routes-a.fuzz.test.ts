import { fuzzRoutes } from './route-fuzz';

/** Part 1 of the route fuzz (route-fuzz.ts): every second route from the first. */
await fuzzRoutes(0, 2);
