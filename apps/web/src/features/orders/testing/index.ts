/** Test helpers of the orders feature, for its own tests and other features'. */
export * from './factories';
export * from './mock-request';
