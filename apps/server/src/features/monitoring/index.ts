/** What the monitoring feature offers: its routes and jobs, and erasing a closed account's items. */
export { monitorAlertJobHandlers } from './monitor-alerts';
export { monitorAlertRoutes } from './monitor-alerts.routes';
export { monitoringJobHandlers, scheduleMonitoringRound } from './monitor-checks';
export { eraseMonitoringOf } from './monitoring.erase';
export { monitoringRoutes } from './monitoring.routes';
