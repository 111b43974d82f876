/** What the creators feature offers: its routes, and a creator row as every list shows it. */
export { creatorsRoutes } from './creators.routes';
export { presentCreatorRow } from './creators.service';
