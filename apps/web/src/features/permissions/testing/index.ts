/** Test helpers of the permissions feature, for other features' tests. */
export { sampleTree, treeNode } from './permission-tree';
