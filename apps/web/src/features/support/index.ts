/** The support feature's public face: the operator's contact details as the server is configured. */
export { siteInfoQuery, useSiteInfo } from './api/get-site-info';
