/** The live pages' public face: what other features use of them (the session list, time and price formats). */
export { getLiveList } from './api/get-live-list';
export { formatElapsed, formatPrice } from './figures';
