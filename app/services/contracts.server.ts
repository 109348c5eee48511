import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getUser } from "./auth.server";
import { appCookie } from "./cookies.server";
import { memberCall } from "./money.server";
import { PlatformError } from "./platform.server";
import { readForm } from "./forms.server";
import { TIER_ROWS } from "~/lib/agent-pages";
import { safeRedirect } from "~/lib/safe-redirect";

const tierSchema = z.object({
  validBet: z.string().optional(),
  profitLoss: z.string().optional(),
  activeMembers: z.number().optional(),
  betAmount: z.string().optional(),
  rate: z.string(),
});
const historySchema = z.object({ action: z.string(), actor: z.string().nullable(), at: z.string(), note: z.string(), tiers: z.array(tierSchema) });
export const contractSchema = z.object({
  id: z.number(),
  upline: z.string(),
  downline: z.string(),
  scheme: z.string(),
  period: z.string().nullable(),
  tiers: z.array(tierSchema),
  rate: z.string(),
  status: z.string(),
  endsContracts: z.array(z.object({ id: z.number(), downline: z.string(), rate: z.string() })),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  history: z.array(historySchema),
});
export type ContractView = z.infer<typeof contractSchema>;
const flags = { enableCt: z.boolean(), salary: z.boolean(), hourSalary: z.boolean(), agentRealtimeSalary: z.boolean(), enableSalary: z.boolean(), enableContract: z.boolean() };
export const modulesSchema = z.object(flags);
export type AgentModules = z.infer<typeof modulesSchema>;
export const consolidatedSchema = z.object({ pending: z.number(), ...flags }).passthrough();
export const myContractsSchema = z.object({
  currency: z.string(),
  isAgent: z.boolean(),
  pending: z.array(contractSchema),
  mine: z.array(contractSchema),
  given: z.array(contractSchema),
  modules: modulesSchema,
  caps: z.record(z.string()),
});

/** Pending offers whose popup the member closed in this browser session (no max-age). */
const closedCookie = appCookie("contract_popup_closed");

/**
 * What the shell needs about contracts on every page, for a signed-in real member: the
 * consolidated flags (enableSalary, enableContract) and the pending offers that open the
 * contract popup. Never fails the page: a platform hiccup only leaves the popup shut.
 */
export async function loadContractState(request: Request) {
  const user = await getUser(request).catch(() => null);
  if (!user || user.isTrial) return null;
  try {
    const info = await memberCall(request, "/wps/agent/contracts/consolidated", { schema: consolidatedSchema });
    const url = new URL(request.url);
    const asked = url.searchParams.get("popup") === "contract";
    const pending = info.pending > 0 || asked ? (await memberCall(request, "/wps/agent/contracts", { schema: myContractsSchema })).pending : [];
    const closed = z.array(z.number()).catch([]).parse(await closedCookie.parse(request.headers.get("cookie")).catch(() => []));
    // The pages that list the decisions themselves do not open the popup over them.
    const listsThem = url.pathname === "/agent/contract" || url.pathname === "/agentHome";
    const open = asked || (!listsThem && pending.some((c) => !closed.includes(c.id)));
    const error = url.searchParams.get("contractError");
    return {
      enableSalary: info.enableSalary,
      enableContract: info.enableContract,
      modules: { enableCt: info.enableCt, salary: info.salary, hourSalary: info.hourSalary, agentRealtimeSalary: info.agentRealtimeSalary },
      pending,
      open,
      error: error && /^contract_err_\w+$/.test(error) ? error : null,
    };
  } catch (e) {
    if (e instanceof PlatformError) return null;
    return null;
  }
}
export type ContractState = NonNullable<Awaited<ReturnType<typeof loadContractState>>>;

/**
 * The page to go back to after a decision or a close: the one `safeRedirect` (anything that is
 * not a same-site path goes home), without the popup's own parameters.
 */
export function contractReturnPath(value: FormDataEntryValue | string | null | undefined): string {
  const url = new URL(safeRedirect(value, "/"), "http://same.origin");
  url.searchParams.delete("popup");
  url.searchParams.delete("contractError");
  return url.pathname + url.search;
}

export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, "http://x");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.pathname + url.search;
}

/** Platform refusal codes of contract calls → i18n keys. */
export function contractErrorKey(e: unknown): string {
  if (!(e instanceof PlatformError)) throw e;
  const reason = typeof e.details.reason === "string" ? e.details.reason : "";
  switch (e.code) {
    case "CONTRACT_NOT_FOUND":
      return "contract_err_not_found";
    case "CONTRACT_DECIDED":
      return "contract_err_decided";
    case "RATE_ABOVE_UPLINE":
      return "contract_err_rate_above";
    case "NOT_DIRECT_DOWNLINE":
    case "MEMBER_NOT_FOUND":
      return "contract_err_not_direct";
    case "NOT_AGENT":
      return "err_non_agent";
    case "INVALID_TIER":
      return reason === "RATE_ABOVE_UPLINE" ? "contract_err_rate_above" : reason === "NOT_INCREASING" || reason === "RATE_DECREASING" ? "contract_err_increasing" : reason === "SAME_THRESHOLDS" ? "contract_err_same_thresholds" : reason === "NO_THRESHOLD" || reason === "NO_TIERS" ? "contract_err_threshold" : "contract_err_value";
    case "NOT_LOGGED_IN":
      return "contract_err_not_found";
    default:
      return "err_correct_info";
  }
}

const decisionForm = z.object({ contractId: z.coerce.number().int().min(1).max(2_147_483_647), intent: z.enum(["accept", "reject", "terminate"]) });

/** A decision posted by a plain form: `{ ok }`, or the message key of the refusal. Nothing else is written on a refusal. */
export async function postDecision(form: FormData, request: Request): Promise<{ ok: true; intent: string } | { ok: false; error: string }> {
  const parsed = decisionForm.safeParse({ contractId: form.get("contractId"), intent: form.get("intent") });
  if (!parsed.success) return { ok: false, error: "contract_err_not_found" };
  try {
    await memberCall(request, `/wps/agent/contracts/${parsed.data.contractId}/decision`, { method: "POST", body: { intent: parsed.data.intent }, schema: z.unknown() });
    return { ok: true, intent: parsed.data.intent };
  } catch (e) {
    return { ok: false, error: contractErrorKey(e) };
  }
}

/** The popup's post: decide, then back to the page it was opened on (post/redirect/get). */
export async function popupDecisionAction(request: Request) {
  const user = await getUser(request);
  const form = await readForm(request);
  const back = contractReturnPath(form.get("returnTo"));
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  const done = await postDecision(form, request);
  if (!done.ok) return redirect(withQuery(back, { popup: "contract", contractError: done.error }));
  return redirect(withQuery(back, { contractDone: done.intent }));
}

/** Closing the popup keeps it shut for these offers for the rest of the browser session. */
export async function closePopup(request: Request) {
  const state = await loadContractState(request);
  const ids = state?.pending.map((c) => c.id) ?? [];
  const back = contractReturnPath(new URL(request.url).searchParams.get("returnTo"));
  return redirect(back, { headers: { "Set-Cookie": await closedCookie.serialize(ids.slice(0, 50)) } });
}

/** Agent pages (spec §6): a member who is not an agent gets a 403, a visitor the login. */
export async function requireAgentUser(request: Request) {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  if (!user.isAgent) throw new Response("Agents only", { status: 403 });
  return user;
}

export { TIER_ROWS } from "~/lib/agent-pages";
const THRESHOLD_FIELDS = ["validBet", "profitLoss", "activeMembers", "betAmount"] as const;

/** The offer form's values as posted (kept to fill the form again after a refusal). */
export function offerValues(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 40).trim();
  const tiers = Array.from({ length: TIER_ROWS }, (_, i) => ({
    validBet: text(`tiers[${i}].validBet`),
    profitLoss: text(`tiers[${i}].profitLoss`),
    activeMembers: text(`tiers[${i}].activeMembers`),
    betAmount: text(`tiers[${i}].betAmount`),
    rate: text(`tiers[${i}].rate`),
  }));
  return { downline: text("downline"), scheme: text("scheme"), period: text("period"), tiers, confirmAutoEnd: form.get("confirmAutoEnd") === "1" };
}
export type OfferValues = ReturnType<typeof offerValues>;

const autoEndSchema = z.array(z.object({ id: z.number(), downline: z.string(), rate: z.string(), status: z.string() }));

/**
 * Offers a contract from the form. The answer is `{ ok }`, a field error, or the confirmation
 * step: the contracts the new rate would end, to be confirmed by posting again.
 */
export async function postOffer(request: Request, v: OfferValues) {
  const errors: Record<string, string> = {};
  if (!/^[A-Za-z][A-Za-z0-9]{2,29}$/.test(v.downline)) errors.downline = "contract_err_not_direct";
  const rows = v.tiers.map((t, i) => ({ t, i })).filter(({ t }) => THRESHOLD_FIELDS.some((f) => t[f]) || t.rate);
  if (!rows.length) errors["tiers[0].rate"] = "contract_err_threshold";
  if (Object.keys(errors).length) return { ok: false as const, errors, autoEnd: null };
  const tiers = rows.map(({ t }) => ({
    ...(t.validBet ? { validBet: t.validBet } : {}),
    ...(t.profitLoss ? { profitLoss: t.profitLoss } : {}),
    ...(t.activeMembers ? { activeMembers: t.activeMembers } : {}),
    ...(t.betAmount ? { betAmount: t.betAmount } : {}),
    rate: t.rate,
  }));
  try {
    const made = await memberCall(request, "/wps/agent/contracts", {
      method: "POST",
      body: { downline: v.downline, scheme: v.scheme, period: v.scheme === "DIVIDEND" ? v.period || "monthly" : null, tiers, confirmAutoEnd: v.confirmAutoEnd },
      schema: z.object({ id: z.number() }),
    });
    return { ok: true as const, id: made.id };
  } catch (e) {
    if (e instanceof PlatformError && e.code === "CONFIRM_AUTO_END") {
      return { ok: false as const, errors: {}, autoEnd: autoEndSchema.catch([]).parse(e.details.contracts) };
    }
    const key = contractErrorKey(e);
    let field = e instanceof PlatformError && typeof e.details.field === "string" ? e.details.field : "";
    // The platform numbers the tiers it was sent; map back to the form's rows.
    const m = /^tiers\[(\d+)\]\.(\w+)$/.exec(field);
    if (m) field = `tiers[${rows[Number(m[1])]?.i ?? 0}].${m[2]}`;
    if (field === "scheme" || field === "period" || field === "downline" || m) return { ok: false as const, errors: { [field]: key }, autoEnd: null };
    return { ok: false as const, errors: { "": key }, autoEnd: null };
  }
}

export const revenueSchema = z.object({
  currency: z.string(),
  pageNum: z.number(),
  totalPages: z.number(),
  total: z.number(),
  sum: z.string(),
  content: z.array(z.object({ day: z.string(), kind: z.string(), amount: z.string(), count: z.number() })),
});
export const paymentsSchema = z.object({
  currency: z.string(),
  pageNum: z.number(),
  totalPages: z.number(),
  total: z.number(),
  content: z.array(
    z.object({
      id: z.number(),
      contractId: z.number(),
      scheme: z.string(),
      periodKey: z.string(),
      periodFrom: z.string().optional(),
      periodTo: z.string().optional(),
      validBet: z.string(),
      profitLoss: z.string(),
      activeMembers: z.number(),
      betAmount: z.string(),
      tier: z.number().nullable(),
      tierTerms: tierSchema.nullable(),
      rate: z.string(),
      base: z.string(),
      amount: z.string(),
      carryIn: z.string(),
      carryOut: z.string(),
    }),
  ),
});
