/** Test helpers of the keyword pages: render with a viewer, answer the client's requests per path, build rows. */

// The keyword list as it draws a row, for tests that hold another view's figures against it (a board's growth).
export { KeywordTable } from '../components/results/keyword-table';
export { libraryOf } from '../keyword-libraries';
export * from './render-keywords';
