/** What the wechat feature offers the app: its routes (QR login, the callback and the sandbox scan page). */
export { wechatRoutes } from './wechat.routes';
