/** The demo pictures' public face: the URL the demo seed writes into its rows. */
export { demoImagesRoutes } from './demo-images.routes';
export { DEMO_IMAGE_ROUTE, type DemoImageSubject, demoImageUrl } from './demo-images.service';
export type { DemoImageKind } from './demo-images.svg';
