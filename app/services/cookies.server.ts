import { createCookie, type Cookie, type CookieParseOptions, type CookieSerializeOptions } from "@remix-run/node";
import { env, secureCookies } from "./env.server";

const DAY = 60 * 60 * 24;

interface CookieSpec {
  /** Readable by page scripts (the language and theme choices); every other cookie is HttpOnly. */
  script?: boolean;
  maxAge?: number;
  /** Signed with SESSION_SECRET: a forged value parses as nothing. */
  signed?: boolean;
}

/**
 * Every cookie the site sets, by its base name (issue 14). A cookie is made only through
 * `appCookie`, so each one gets the same rules; cookies.server.test.ts fails on a
 * `createCookie` anywhere else in app/.
 */
export const COOKIES = {
  session: { signed: true },
  csrf: { signed: true },
  flash: { signed: true, maxAge: 60 },
  lang: { script: true, maxAge: 365 * DAY },
  theme: { script: true, maxAge: 365 * DAY },
  ann_closed: {},
  balance_masked: { maxAge: 365 * DAY },
  captcha: { maxAge: 300 },
  login_challenge: { maxAge: 600 },
  first_login: {},
  house_last_bet: { maxAge: 30 * DAY },
  contract_popup_closed: {},
} as const satisfies Record<string, CookieSpec>;

export type CookieName = keyof typeof COOKIES;

/**
 * The name and attributes of a cookie. Served securely (production, unless INSECURE_COOKIES=1
 * for a plain-HTTP host) the name carries `__Host-`, which the browser accepts only with
 * Secure, Path=/ and no Domain: no subdomain or plain-HTTP page can plant or shadow it. On
 * plain-HTTP localhost the bare name, as browsers refuse `__Host-` without Secure there.
 */
export function cookieSettings(base: CookieName, secure: boolean = secureCookies) {
  const spec: CookieSpec = COOKIES[base];
  return {
    name: secure ? `__Host-${base}` : base,
    options: {
      path: "/",
      sameSite: "lax" as const,
      httpOnly: !spec.script,
      secure,
      ...(spec.maxAge === undefined ? {} : { maxAge: spec.maxAge }),
      secrets: spec.signed ? [env.SESSION_SECRET] : [],
    },
  };
}

/**
 * The cookie `base` with the site's rules. Reading also accepts the bare name a browser may
 * still hold from before the prefix (a language chosen last year), so nobody loses a setting;
 * writing only ever sets the prefixed one.
 */
export function appCookie(base: CookieName, secure: boolean = secureCookies): Cookie {
  const { name, options } = cookieSettings(base, secure);
  const current = createCookie(name, options);
  const legacy = name === base ? null : createCookie(base, options);
  return {
    get name() {
      return current.name;
    },
    get isSigned() {
      return current.isSigned;
    },
    get expires() {
      return current.expires;
    },
    async parse(header: string | null, parseOptions?: CookieParseOptions) {
      const value: unknown = await current.parse(header, parseOptions);
      if (value !== null || !legacy) return value;
      return legacy.parse(header, parseOptions);
    },
    serialize(value: unknown, serializeOptions?: CookieSerializeOptions) {
      // Path and Domain are not a caller's choice: `__Host-` needs Path=/ and no Domain.
      const { path: _path, domain: _domain, ...rest } = serializeOptions ?? {};
      return current.serialize(value, rest);
    },
  };
}
