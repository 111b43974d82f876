/**
 * What the favourites feature offers: its routes, erasing a closed account's favourites, and the works members
 * collected (the scheduled refresh of watched works).
 */
export { eraseFavouritesOf } from './favourites.erase';
export { favouritesRoutes } from './favourites.routes';
export { collectedWorks } from './favourites.watched';
