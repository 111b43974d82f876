/** What the publishing feature offers: its routes and job, the authorised Douyin profiles, and erasure. */
export { listAccounts as listAuthorizedAccounts, listAuthorizedProfiles } from './accounts.service';
export { erasePublishingOf } from './publishing.erase';
export { publishingJobHandlers } from './publishing.job';
/** Tests of other features arrange an authorised account with these. */
export { insertAccount, updateAccount } from './publishing.repository';
export { publishingRoutes } from './publishing.routes';
