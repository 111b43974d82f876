/** What the favourites feature offers: its routes, and erasing a closed account's favourites. */
export { eraseFavouritesOf } from './favourites.erase';
export { favouritesRoutes } from './favourites.routes';
