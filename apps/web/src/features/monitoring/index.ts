/**
 * The rank-monitoring feature's public face: 关键词监控 of the personal centre, loaded lazily in its
 * own chunk. The pages (/dataMarketNew, /keyWordDetailMonitor) are route modules of the route table.
 */
export const loadMonitoringSection = () => import('./components/monitoring-section');
