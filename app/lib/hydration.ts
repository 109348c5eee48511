/** The request header that asks a page's address for its hydration state instead of its markup (app/services/hydration.server.ts). */
export const STATE_HEADER = "X-Remix-Hydration";
