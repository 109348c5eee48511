/**
 * The one check for every `redirectTo` (issue 14): a same-site path, normalised the way a
 * browser resolves it, or the fallback. Refused: anything that is not a path, that resolves to
 * another host after dot segments (`/.//evil`, `/..//evil`, `/x/..//evil`), backslashes,
 * control characters, and the same in percent-encoded forms.
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // Every encoded layer must be clean too: a browser or proxy may decode once more.
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (!staysHere(next)) return fallback;
    if (next === decoded) break;
    decoded = next;
  }
  if (!isPlainPath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://same.origin");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same.origin") return fallback;
  // After dot segments are resolved the path must still not start with two slashes.
  if (url.pathname.startsWith("//")) return fallback;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (path.startsWith("//") || !isPlainPath(path)) return fallback;
  return url.pathname + url.search + url.hash;
}

function staysHere(v: string): boolean {
  if (!isPlainPath(v)) return false;
  try {
    const url = new URL(v, "http://same.origin");
    return url.origin === "http://same.origin" && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

function isPlainPath(v: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  return v.startsWith("/") && !v.startsWith("//") && !/[\x00-\x1f\x7f\\]/.test(v);
}
