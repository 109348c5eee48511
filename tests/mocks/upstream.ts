import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/** The platform address the web's services are pointed at in unit tests. */
export const UPSTREAM = "http://upstream.test";

export function permissionValue(overrides: { status?: 0 | 1 | 2; ip?: string | null } = {}) {
  const status = overrides.status ?? 0;
  return {
    info: {
      status,
      maintenance: status === 1,
      regionRestriction: status === 2,
      maintenanceTitle: status === 1 ? "Upgrade" : "",
      maintenanceInfo: status === 1 ? "Back soon" : "",
      merchantCode: "DEMO",
      merchantName: "Demo Casino",
      currency: "USD",
      isSingle: true,
      defaultLanguage: "es",
      mainDomain: "localhost",
      imageCDNs: [],
      timeZone: "UTC",
      appDownloadUrl: "/down",
      launchGameCDNs: [],
      register: ["USERNAMEREG3"],
      resources: [],
      customerService: [{ csType: "LIVECHAT", title: "Chat", url: "https://chat.example/x" }],
    },
    location: { ip: overrides.ip ?? "198.51.100.7", country: null },
  };
}

/** Ways the platform never misbehaves on purpose, for testing that the web copes. */
export const misbehaviour = {
  serverError: (path: string) => http.all(`${UPSTREAM}${path}`, () => HttpResponse.json({ oops: true }, { status: 500 })),
  malformedJson: (path: string) =>
    http.all(`${UPSTREAM}${path}`, () => new HttpResponse("{not json", { headers: { "content-type": "application/json" } })),
  wrongShape: (path: string) => http.all(`${UPSTREAM}${path}`, () => HttpResponse.json({ success: true, value: { surprise: 1 } })),
  slow: (path: string, ms: number) =>
    http.all(`${UPSTREAM}${path}`, async () => {
      await delay(ms);
      return HttpResponse.json({ success: true, value: {} });
    }),
  connectionRefused: (path: string) => http.all(`${UPSTREAM}${path}`, () => HttpResponse.error()),
};

export const server = setupServer();
