import { randomBytes, randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, loginNewMember, test } from "./fixtures";

// Forms post and pages render server-side on busy shared cores: allow each step some time.

// Each test from its own address, so login throttles of one test never reach another.
test.use({ extraHTTPHeaders: { "x-forwarded-for": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` } });

const newName = (prefix: string) => `${prefix}${randomBytes(4).toString("hex")}`;

async function logIn(page: Page, username: string, path: string) {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Iniciar sesión" }).last();
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByLabel("Contraseña").fill("secret123");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("an agent creates a downline, invites another by link, and sees both in its team", async ({ page, browser, operator, baseURL }) => {
  // Three accounts, two logins and every page of the agent centre in one flow: 50-60 s on a
  // loaded 2-core machine, so the default minute is too tight.
  test.setTimeout(180_000);
  const agent = newName("ag");
  await operator.createMember({ account: agent, password: "secret123", type: 1 });
  expect((await operator.call("PUT", `/merchants/DEMO/members/${agent}/agent`, { rebate: "1.2" })).status).toBe(200);

  // The agent page's login lands on the agent home with today's team figures.
  await logIn(page, agent, "/agentHome");
  await expect(page).toHaveURL(/\/agentHome$/);
  await expect(page.getByTestId("agent-today")).toBeVisible();
  await expect(page.getByTestId("agent-today").getByTestId("figure-members")).toContainText("0");

  // Register centre: a rebate above the agent's own is refused beside the field, input kept.
  await page.goto("/agent/registerCenter");
  const made = newName("dl");
  const form = page.getByTestId("downline-form");
  await form.locator('input[name="username"]').fill(made);
  await form.locator('input[name="password"]').fill("secret123");
  await form.getByTestId("kind-agent").check();
  await form.locator('input[name="rebate"]').fill("1.5");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("downline-form").locator("#" + (await form.locator('input[name="rebate"]').getAttribute("aria-describedby")))).toContainText("1.2");
  await expect(form.locator('input[name="username"]')).toHaveValue(made);
  await form.locator('input[name="password"]').fill("secret123");
  await form.locator('input[name="rebate"]').fill("0.8");
  await form.locator('button[type="submit"]').click();
  await expect(page.getByTestId("downline-created")).toContainText(made);
  await expect(page.getByTestId("invite-qr")).toBeVisible();

  // The invitation link registers a new member under the agent.
  const code = (await page.getByTestId("affiliate-code").textContent())!.trim();
  const link = await page.getByTestId("invite-link").getAttribute("href");
  expect(link).toContain(`/register?affiliateCode=${code}`);
  // The invitee registers from a plain page (the link's prefill is server-side in both projects).
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` }, javaScriptEnabled: false });
  const invitee = await visitor.newPage();
  const invited = newName("iv");
  await invitee.goto(new URL(link!).pathname + new URL(link!).search);
  const popup = invitee.getByTestId("register-popup");
  await expect(popup.locator('input[name="referralCode"]')).toHaveValue(code);
  await popup.locator('input[name="username"]').fill(invited);
  await popup.locator('input[name="password"]').fill("secret123");
  await popup.locator('input[name="confirmPassword"]').fill("secret123");
  await popup.getByLabel("Acepto los términos y condiciones").check();
  await popup.getByLabel(/18/).check();
  await popup.getByRole("button", { name: "Registrarse" }).click();
  await expect(invitee.getByTestId("member-info")).toContainText(invited);
  await visitor.close();

  // Downline management lists both; one's detail shows its level, and its rebate can be set.
  await page.goto("/agent/downlineManagmentView");
  await expect(page.getByTestId("downline-row")).toHaveCount(2);
  await expect(page.getByTestId("downline-list")).toContainText(made);
  await expect(page.getByTestId("downline-list")).toContainText(invited);
  await page.getByTestId("downline-account").filter({ hasText: made }).click();
  await expect(page.getByTestId("downline-detail")).toContainText(made);
  await expect(page.getByTestId("detail-level")).toHaveText("1");
  await expect(page.getByTestId("detail-rebate")).toHaveText("0.80");
  const rebate = page.getByTestId("rebate-form").locator('input[name="rebate"]');
  await rebate.fill("1.0");
  await page.getByTestId("rebate-form").locator('button[type="submit"]').click();
  await expect(page.getByTestId("downline-done")).toBeVisible();
  await expect(page.getByTestId("detail-rebate")).toHaveText("1.00");

  // Search by account.
  await page.goto(`/agent/downlineManagmentView?account=${invited}`);
  await expect(page.getByTestId("downline-row")).toHaveCount(1);

  // The overview counts both as members and as new members of the period.
  await page.goto("/agent/agentTeamOverview");
  await expect(page.getByTestId("figure-members").locator("[data-value]")).toHaveAttribute("data-value", "2");
  await expect(page.getByTestId("figure-newMembers").locator("[data-value]")).toHaveAttribute("data-value", "2");
  await page.getByTestId("period_previous_30").click();
  await expect(page.getByTestId("figure-newMembers").locator("[data-value]")).toHaveAttribute("data-value", "0");

  // Reports page and export CSV.
  await page.goto("/agent/downlineManagmentView");
  const href = await page.getByTestId("csv-export").getAttribute("href");
  expect(href).toMatch(/^\/agent\/export\/downlineManagmentView(\?|$)/);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-disposition"]).toContain("attachment");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(made);
  expect(text).toContain(invited);
  for (const path of ["personalHistoryCopy", "palStatementsAgentCopy", "agentDownlineTransactionDetailsCopy", "agentAnnouncement"]) {
    await page.goto(`/agent/${path}`);
    await expect(page.getByTestId(`agent-nav-${path}`)).toHaveAttribute("aria-current", "page");
  }
  await page.goto("/agent/palStatementsAgentCopy");
  await expect(page.getByTestId("team-pl-row")).toHaveCount(2);
});

test("a player and a visitor never see the agent centre", async ({ page, operator }) => {
  await page.goto("/agent/agentTeamOverview");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await loginNewMember(page, operator, { prefix: "pa", net: "198.17" });
  for (const path of ["/agent/agentTeamOverview", "/agent/registerCenter", "/agent/downlineManagmentView", "/agent/palStatementsAgentCopy"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/agentHome\?denied=1$/);
    await expect(page.getByTestId("not-agent")).toBeVisible();
    await expect(page.getByTestId("agent-centre")).toHaveCount(0);
  }
  const csv = await page.request.get("/agent/export/downlineManagmentView", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect(csv.headers()["content-type"] ?? "").not.toContain("text/csv");
});
