/** What layouts and components use of analytics when they are built: whether it is on, and click pings. */
export { analyticsEnabled, pingUrl } from './events';
