/**
 * A browser's User-Agent as a person names their device: "Chrome on Android", "Safari on
 * iPhone". Only for the security centre's list of sessions, so a guess is enough; the order of
 * the checks matters (Edge and Opera say "Chrome", Chrome says "Safari", Android says "Linux").
 */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera|OPT)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bUCBrowser\//, "UC Browser"],
  [/\bYaBrowser\//, "Yandex"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bHeadlessChrome\//, "Chrome"],
  [/\b(curl|Wget|python-requests|okhttp|node-fetch|undici)\b/i, "Script"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\b(Macintosh|Mac OS X)\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceSummary(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? "").slice(0, 300);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /\bMobi|iPhone|Android\b/.test(ua) };
}
