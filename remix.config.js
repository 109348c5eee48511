import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The platform is TypeScript source in this repo: bundle it into the server build.
  serverDependenciesToBundle: [/^#platform\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  // Files are routes through remix-flat-routes ("+" folders group a section's routes).
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => {
    const routes = flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css.ts"] });
    // The spec's other home-page paths render the same route module.
    const aliases = defineRoutes((route) => {
      for (const path of ["index", "index.html", "home"]) {
        route(path, "routes/_home._index.tsx", { id: `routes/home-alias-${path}` });
      }
    });
    for (const alias of Object.values(aliases)) alias.parentId = "routes/_home";
    return { ...routes, ...aliases };
  },
};
