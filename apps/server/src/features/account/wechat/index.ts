/** What the wechat part offers the rest of the account: its routes (QR login, the callback and the sandbox scan page). */
export { wechatRoutes } from './wechat.routes';
