/** Test helpers of the orders feature, for its own tests and other features'. */

// The request answerer is shared test support; the tests that took it from here still do.
export { answerRequests, callsTo, type RequestCall } from '../../../components/testing/answer-requests';
export * from './factories';
