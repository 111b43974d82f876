/**
 * What the orders feature offers other features. (Orders reads accounts through the auth feature, so
 * a feature that orders imports cannot import this back; wire such a call where both are registered.)
 */
export { eraseInvoiceContactsOf } from './invoices/invoices.erase';
export { type AgreementContext, endRunningAgreement } from './payments/agreements.service';
