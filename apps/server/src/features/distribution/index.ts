/** What the distribution feature offers: its routes, and erasing a closed account's leads. */
export { eraseDistributionLeadsOf } from './distribution.erase';
export { distributionRoutes } from './distribution.routes';
