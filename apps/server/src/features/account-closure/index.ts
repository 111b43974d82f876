/** What the account-closure feature offers the app: its routes and the erasure job. */
export { accountClosureJobHandlers } from './account-closure.job';
export { accountClosureRoutes } from './account-closure.routes';
