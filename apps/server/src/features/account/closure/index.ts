/** 注销账号: its routes, the erasure job, and the hooks the app hands in for the other features' data. */
export { accountClosureJobHandlers } from './closure.job';
export { accountClosureRoutes } from './closure.routes';
export type { ClosureHooks, ClosurePayment, ErasureContext, ErasureStep } from './closure.service';
