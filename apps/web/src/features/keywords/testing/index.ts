/** Test helpers of the keyword pages: render with a viewer, answer the client's requests per path, build rows. */
export * from './render-keywords';
