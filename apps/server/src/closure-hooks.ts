import type { ClosureHooks } from './features/account';
import { eraseApiKeysOf } from './features/api-keys';
import { eraseCopywriterWorksOf } from './features/copywriters';
import { eraseDistributionLeadsOf } from './features/distribution';
import { eraseExtractionsOf } from './features/extraction';
import { eraseFavouritesOf } from './features/favourites';
import { eraseImageTextOf } from './features/image-text';
import { eraseKeywordHistoryOf } from './features/keywords';
import { eraseLiveReplaysOf } from './features/live-replay';
import { eraseMonitoringOf } from './features/monitoring';
import { endRunningAgreement, eraseInvoiceContactsOf } from './features/orders';
import { blankUsageReasonsOf } from './features/permissions';
import { erasePublishingOf } from './features/publishing';
import { eraseWritingOf } from './features/writing';

/**
 * What 注销账号 asks of the features that keep an account's data: each erases its own through its
 * public erase function. They all import the account feature (who an account is), so the account
 * cannot import them back; composed here, beside the app and the job handlers, and handed to the
 * account's routes and its erasure job. The account's own steps come first (sub-account links) and
 * last (the account row).
 */
export const closureHooks: ClosureHooks = {
  endAgreement: endRunningAgreement,
  erasureSteps: [
    ['连续包月', ({ payment }, userId, now) => endRunningAgreement(payment, userId, now)],
    ['invoice contacts', ({ payment }, userId) => eraseInvoiceContactsOf(payment.db, userId)],
    ['publishing', ({ payment, dataDir }, userId) => erasePublishingOf(payment.db, dataDir, userId)],
    ['distribution leads', ({ payment }, userId) => eraseDistributionLeadsOf(payment.db, userId)],
    ['favourites', ({ payment }, userId) => eraseFavouritesOf(payment.db, userId)],
    ['api keys', ({ payment }, userId) => eraseApiKeysOf(payment.db, userId)],
    ['writing', ({ payment }, userId) => eraseWritingOf(payment.db, userId)],
    ['copywriters', ({ payment }, userId) => eraseCopywriterWorksOf(payment.db, userId)],
    ['extraction', ({ payment }, userId) => eraseExtractionsOf(payment.db, userId)],
    ['image-text', ({ payment, dataDir }, userId) => eraseImageTextOf(payment.db, dataDir, userId)],
    ['live-replay', ({ payment }, userId) => eraseLiveReplaysOf(payment.db, userId)],
    ['monitoring', ({ payment }, userId) => eraseMonitoringOf(payment.db, userId)],
    ['keyword history', ({ payment }, userId) => eraseKeywordHistoryOf(payment.db, userId)],
    ['usage reasons', ({ payment }, userId) => blankUsageReasonsOf(payment.db, userId)],
  ],
};
