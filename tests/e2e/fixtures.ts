import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { E2E_OPERATOR_KEY } from "../../playwright.config";

export interface Operator {
  /** A brand of its own, on its own host, so tests that flip site-wide switches never meet. */
  createMerchant(extra?: Record<string, unknown>): Promise<{ code: string; origin: string }>;
  setMaintenance(code: string, body: { enabled: boolean; title?: Record<string, string>; info?: Record<string, string> }): Promise<void>;
  setRegion(code: string, body: { blockedCountries: string[]; blockedIpRanges: string[] }): Promise<void>;
  /** A member on the demo brand, made by the back office (e.g. an agent, or a default password). */
  createMember(body: { account: string; password: string; type?: number; mustChangePassword?: boolean; mobileNum?: string; email?: string }): Promise<void>;
  /** The newest message the default provider "sent" to a recipient. */
  lastMessage(recipient: string): Promise<string | undefined>;
}

function operatorApi(request: APIRequestContext, baseURL: string): Operator {
  const headers = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };
  const put = async (path: string, data: unknown) => {
    const res = await request.put(`${baseURL}/operator/v1${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  return {
    async createMerchant(extra = {}) {
      const id = randomBytes(5).toString("hex");
      const code = `E2E_${id}`;
      const host = `m${id}.localhost`;
      await put(`/merchants/${code}`, { name: `Brand ${id}`, currency: "USD", domains: [host], ...extra });
      const port = new URL(baseURL).port;
      return { code, origin: `http://${host}:${port}` };
    },
    setMaintenance: (code, body) => put(`/merchants/${code}/maintenance`, body),
    async lastMessage(recipient) {
      const res = await request.get(`${baseURL}/operator/v1/merchants/DEMO/outbox?recipient=${encodeURIComponent(recipient)}`, { headers });
      const json = (await res.json()) as { messages: Array<{ body: string }> };
      return json.messages[0]?.body;
    },
    async createMember(body) {
      const res = await request.post(`${baseURL}/operator/v1/merchants/DEMO/members`, { headers, data: body });
      expect(res.status(), await res.text()).toBe(201);
    },
    setRegion: (code, body) => put(`/merchants/${code}/region-restriction`, body),
  };
}

export const test = base.extend<{ operator: Operator }>({
  operator: async ({ request, baseURL }, use) => {
    await use(operatorApi(request, baseURL!.replace("localhost", "127.0.0.1")));
  },
});

export { expect };
