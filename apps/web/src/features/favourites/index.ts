/**
 * The favourites feature's public face: the collect button of keyword pages and the video
 * dialog, the collect tabs and the favourites calls. 我的收藏 of the personal centre lives in setting
 * (components/favourites-section.tsx): it shows the video cards and creator links, and videos and
 * creators use this feature, so it cannot import them back.
 */

export { useFavourites, useSetCollected } from './api/favourites-api';
export { type CollectTab, collectTabs, DEFAULT_COLLECT_TYPE, isCollectType, keywordCollectType } from './collect-tabs';
export { CollectButton, type CollectButtonProps } from './components/collect-button';
