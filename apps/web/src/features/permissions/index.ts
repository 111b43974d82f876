/** The permissions feature's public face: 用量明细 of the personal centre loads in its own chunk. */
export const loadUsageLogSection = () => import('./components/usage-log-section');
