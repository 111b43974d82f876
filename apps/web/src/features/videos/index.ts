/**
 * The video detail feature's public face. Everything loads lazily in its own chunk, so the entry
 * bundle does not grow: the page for the route table and the dialog for the global dialogs.
 */
export const loadVideoDetailPage = () => import('./pages/video-detail-page');
export const loadVideoDialog = () => import('./components/video-dialog');
export {
  type ListFeed,
  type ListPage,
  listPagesOptions,
  useListFeed,
} from '../../components/list-footer/use-list-feed';
export type { VideoDialogPayload } from './components/video-dialog';
// The shared work card and grid of every video list (search, topics, a keyword's ranking, a creator's
// works): small, and used by pages that are lazy chunks themselves.
export { openVideoDialog, VideoCard, type VideoCardProps } from './components/video-list/video-card';
export { VideoGrid, type VideoGridProps } from './components/video-list/video-grid';
