/**
 * The video detail feature's public face. Everything loads lazily in its own chunk, so the entry
 * bundle does not grow: the page for the route table and the dialog for the global dialogs.
 */
export const loadVideoDetailPage = () => import('./pages/video-detail-page');
export const loadVideoDialog = () => import('./components/video-dialog');
export type { VideoDialogPayload } from './components/video-dialog';
