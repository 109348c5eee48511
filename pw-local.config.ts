import base from "./playwright.config";
export default { ...base, timeout: 400_000, webServer: undefined, use: { ...base.use, navigationTimeout: 120_000, actionTimeout: 60_000 } };
