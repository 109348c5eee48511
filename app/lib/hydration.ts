/** The request header that asks a page's address for its hydration state instead of its markup (app/services/hydration.server.ts). */
export const STATE_HEADER = "X-Remix-Hydration";
/** The header in which a page's scripts show its CSRF token when they ask for a member page's state. */
export const TOKEN_HEADER = "X-Hydration-Token";
