import { benchFrame } from './frame.bench';

// Each benchmark prints its own table; run them one after another so they do not compete for the two cores.
await benchFrame();
