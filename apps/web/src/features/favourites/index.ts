/**
 * The favourites feature's public face (issue 10): the collect button of keyword pages and the video
 * dialog, the collect tabs, and 我的收藏 of the personal centre, which loads lazily in its own chunk (it
 * brings the video cards and keyword figures, and the video dialog imports this module).
 */

export { useSetCollected } from './api/favourites-api';
export { type CollectTab, collectTabs, DEFAULT_COLLECT_TYPE, isCollectType, keywordCollectType } from './collect-tabs';
export { CollectButton, type CollectButtonProps } from './components/collect-button';
export type { FavouritesSectionProps } from './components/favourites-section';
export const loadFavouritesSection = () => import('./components/favourites-section');
