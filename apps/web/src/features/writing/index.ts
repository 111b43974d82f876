/** AI 创作's public face: its route addresses. Its pages load lazily from the route table. */
export { reopenWorkPath, WritingRoute } from './writing';
