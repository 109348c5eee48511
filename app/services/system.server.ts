import { json } from "@remix-run/node";
import { z } from "zod";
import { safeHref } from "~/lib/links";
import { callPlatform, parsedValue } from "./platform.server";
import { oncePerRequest } from "./shell-cache.server";

const permissionSchema = z.object({
  info: z.object({
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    maintenance: z.boolean(),
    regionRestriction: z.boolean(),
    maintenanceTitle: z.string(),
    maintenanceInfo: z.string(),
    merchantCode: z.string(),
    merchantName: z.string(),
    currency: z.string(),
    isSingle: z.boolean(),
    defaultLanguage: z.string(),
    mainDomain: z.string(),
    imageCDNs: z.array(z.string()),
    timeZone: z.string(),
    appDownloadUrl: z.string(),
    launchGameCDNs: z.array(z.string()),
    register: z.array(z.string()),
    resources: z.array(
      z.object({
        resourceType: z.string(),
        labelNameEn: z.string(),
        name: z.string(),
        url: z.string(),
        openInNewTab: z.boolean(),
      }),
    ),
    customerService: z.array(z.object({ csType: z.string(), title: z.string(), url: z.string() })),
    /** Names the brand configuration this answer was made from; the shell cache keys on it (shell-cache.server.ts). */
    brandVersion: z.string().optional(),
  }),
  location: z.object({ ip: z.string().nullable(), country: z.string().nullable() }),
});

export type Permission = z.infer<typeof permissionSchema>;

/** Data of the full-page states, thrown from the root loader as the response body. */
export type MaintenanceData = { kind: "maintenance"; title: string; info: string; customerServiceUrl: string | null };
export type RestrictedData = { kind: "restricted"; ip: string | null; customerServiceUrl: string | null };

const PERMISSION = "/wps/system/permission";
/** Made once: `callPlatform` keeps one envelope per schema. */
const unparsed = z.unknown();

/** The permission answer as the platform sent it, asked once per request; read by the parts below. */
function permissionAnswer(request: Request, language: string): Promise<unknown> {
  return oncePerRequest(request, `permission\u0000${language}`, () =>
    callPlatform(request, PERMISSION, { schema: unparsed, query: { host: new URL(request.url).hostname, language }, language }),
  );
}

/** Read once per GET request, whichever loaders ask (the root's status gate and the page's shell cache). */
export function getPermission(request: Request, language: string): Promise<Permission> {
  return oncePerRequest(request, `permission parsed\u0000${language}`, async () =>
    parsedValue(request, PERMISSION, permissionSchema, await permissionAnswer(request, language)),
  );
}

const siteStatusSchema = z.object({ info: permissionSchema.shape.info.pick({ status: true, brandVersion: true }) });

/**
 * Only the site's status for this visitor and the brand's version, read from the same answer: what
 * the visitor memo keys on (visitor-memo.server.ts). A request served from the memo reads nothing
 * else of it. Parsing the whole answer for it was most of zod's 8% of such a page's CPU (2.6% after).
 */
export async function getSiteStatus(request: Request, language: string): Promise<z.infer<typeof siteStatusSchema>["info"]> {
  return parsedValue(request, PERMISSION, siteStatusSchema, await permissionAnswer(request, language)).info;
}

const loginStateSchema = z.object({ login: z.object({ captchaRequired: z.boolean() }) });

/**
 * Whether a login from this visitor must carry a captcha, as the same answer carries it (what the
 * login-state call answers), or null when it does not (a platform from before it did).
 */
export async function captchaInPermission(request: Request, language: string): Promise<boolean | null> {
  const parsed = loginStateSchema.safeParse(await permissionAnswer(request, language));
  return parsed.success ? parsed.data.login.captchaRequired : null;
}

function customerServiceUrl(permission: Permission): string | null {
  const cs = permission.info.customerService;
  return safeHref((cs.find((c) => c.csType === "LIVECHAT") ?? cs[0])?.url);
}

/**
 * Spec §4 system status: maintenance (503) or region restriction (403) stop every page; read
 * on every request so an operator's switch shows at once on every web node.
 */
export async function requireOperational(request: Request, language: string): Promise<Permission> {
  const permission = await getPermission(request, language);
  const { info, location } = permission;
  if (info.status === 1) {
    throw json<MaintenanceData>(
      {
        kind: "maintenance",
        title: info.maintenanceTitle,
        info: info.maintenanceInfo,
        customerServiceUrl: customerServiceUrl(permission),
      },
      { status: 503, headers: { "Retry-After": "300", "Cache-Control": "no-store" } },
    );
  }
  if (info.status === 2) {
    throw json<RestrictedData>(
      { kind: "restricted", ip: location.ip, customerServiceUrl: customerServiceUrl(permission) },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  return permission;
}
