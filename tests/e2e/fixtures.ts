import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";
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
  /** Credits a demo-brand member through the ledger (a bonus), e.g. to have money to withdraw. */
  credit(account: string, amount: string): Promise<void>;
  /** The demo brand's deposits or withdrawals as the back office sees them, newest first. */
  list(kind: "deposits" | "withdrawals", status?: string): Promise<Array<{ reference: string; account: string; amount: string; status: string; receipt?: string | null }>>;
  /** A back-office decision: deposits confirm|reject, withdrawals approve|reject. */
  decide(kind: "deposits" | "withdrawals", reference: string, decision: "confirm" | "reject" | "approve"): Promise<void>;
  /** Any operator call, for what the helpers above do not cover. */
  call(method: "GET" | "PUT" | "POST", path: string, data?: unknown): Promise<{ status: number; body: any }>;
}

function operatorApi(request: APIRequestContext, baseURL: string): Operator {
  // A fresh connection per call: a kept-alive one the server is closing at that moment (its
  // 5 s idle timeout) resets the request ("socket hang up"), a flake seen in CI.
  const headers = { authorization: `Bearer ${E2E_OPERATOR_KEY}`, connection: "close" };
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
    async credit(account, amount) {
      const res = await request.post(`${baseURL}/operator/v1/merchants/DEMO/members/${account}/credits`, {
        headers,
        data: { kind: "bonus", amount, reference: `e2e-${randomBytes(6).toString("hex")}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
    async list(kind, status) {
      const res = await request.get(`${baseURL}/operator/v1/merchants/DEMO/${kind}${status ? `?status=${status}` : ""}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { items: Awaited<ReturnType<Operator["list"]>> }).items;
    },
    async decide(kind, reference, decision) {
      const res = await request.post(`${baseURL}/operator/v1/merchants/DEMO/${kind}/${reference}/${decision}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
    },
    async call(method, path, data) {
      const res = await request.fetch(`${baseURL}/operator/v1${path}`, { method, headers, data });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep text
      }
      return { status: res.status(), body };
    },
  };
}

export const test = base.extend<{ operator: Operator }>({
  operator: async ({ request, baseURL }, use) => {
    await use(operatorApi(request, baseURL!.replace("localhost", "127.0.0.1")));
  },
});

export { expect };

/** A cookie's value as the site writes it (its cookie helper: JSON, then base64), e.g. for `lang` or `theme`. */
export const cookieValue = (value: unknown): string => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));

/** Holds the page's requests to `url` (a glob) until the returned function is called: a page kept from hydrating, say. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/** Resolves once the page's scripts have taken over (Remix's router is initialised): before, a click is the scripts-off form's. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
}

/**
 * A member made by the back office (credited `funds` when given), logged in through the login
 * popup in the default language (ES) from an address of its own (`net` is the first two octets),
 * so throttles and unknown-address checks never mix tests. Returns the account name.
 */
export async function loginNewMember(page: Page, operator: Operator, opts: { prefix: string; net: string; funds?: string }): Promise<string> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `${opts.net}.${randomInt(0, 255)}.${randomInt(1, 254)}` });
  const account = `${opts.prefix}${randomBytes(4).toString("hex")}`;
  await operator.createMember({ account, password: "secret123" });
  if (opts.funds) await operator.credit(account, opts.funds);
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(account);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  // A back-office member's first login lands on the security centre.
  await expect(page).toHaveURL(/\/member\/securityCenter\?first=1$/);
  return account;
}

/** Sets the withdraw password (135790) on /member/withdraw, proved by the login password secret123. */
export async function setWithdrawPassword(page: Page): Promise<void> {
  const pw = page.getByTestId("payment-password-form");
  await pw.getByLabel("Contraseña de inicio de sesión").fill("secret123");
  await pw.getByLabel("Nueva contraseña de retiro (6 dígitos)").fill("135790");
  await pw.getByLabel("Confirmar contraseña de retiro").fill("135790");
  await pw.getByRole("button", { name: "Guardar contraseña de retiro" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Tu contraseña de retiro se ha guardado.");
}

/** Binds the demo bank account (…8901) on /member/withdraw. */
export async function bindBankAccount(page: Page): Promise<void> {
  const bank = page.getByTestId("bank-account-form");
  await bank.getByLabel("Banco").fill("Banco Demo");
  await bank.getByLabel("Titular de la cuenta").fill("Ana Pérez");
  await bank.getByLabel("Número de cuenta").fill("12345678901");
  await bank.getByRole("button", { name: "Vincular cuenta" }).click();
  await expect(page.getByTestId("withdraw-done")).toHaveText("Cuenta bancaria vinculada.");
}
