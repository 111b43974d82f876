/**
 * What the monitoring feature offers: its routes and jobs, erasing a closed account's items, and the works members
 * monitor (the scheduled refresh of watched works).
 */
export { monitorAlertJobHandlers } from './monitor-alerts';
export { monitorAlertRoutes } from './monitor-alerts.routes';
export { monitoringJobHandlers, scheduleMonitoringRound } from './monitor-checks';
export { eraseMonitoringOf } from './monitoring.erase';
export { monitoringRoutes } from './monitoring.routes';
export { listItems as listMonitorItems } from './monitoring.service';
export { monitoredWorks } from './monitoring.watched';
