import base from "./playwright.config";
export default { ...base, timeout: 180_000, webServer: { ...(base.webServer as object), timeout: 400_000 } };
