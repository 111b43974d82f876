/**
 * What the creators feature offers: its routes and the creator library's search (the open API). A creator row as
 * every list shows it is the videos feature's.
 */
export { creatorsRoutes } from './creators.routes';
export { creatorList } from './creators.service';
