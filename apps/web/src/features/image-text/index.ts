/** AI 图文's public face: its addresses. Its pages load lazily from the route table. */
export { imageTextPaths } from './image-text-paths';
