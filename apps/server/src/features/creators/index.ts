/** What the creators feature offers: its routes. A creator row as every list shows it is the videos feature's. */
export { creatorsRoutes } from './creators.routes';
