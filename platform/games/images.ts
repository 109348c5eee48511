/**
 * Image URLs on the operator's image hosts (spec §7: image hosts come from a list the server
 * supplies; game, vendor and category images load from one of them). Paths are relative to a
 * host; the demo's hosts are this site's /images, which draws placeholder artwork.
 */

/** Image paths are relative to one of the operator's image hosts; URLs and absolute paths stay as they are. */
export function imageUrl(path: string, hosts: readonly string[] | undefined): string {
  if (/^([a-z]+:)?\/\//i.test(path) || path.startsWith("/")) return path;
  const list = hosts?.length ? hosts : ["/images"];
  // The host is picked by a hash of the path: spread over the list like a random pick, but the
  // same image always comes from the same host, so browsers and CDNs cache it once.
  let h = 0;
  for (let i = 0; i < path.length; i++) h = (h * 31 + path.charCodeAt(i)) >>> 0;
  return `${list[h % list.length]!.replace(/\/+$/, "")}/${path}`;
}

/**
 * Spec §3 vendor image kinds: small icons (default and active), list icons (white, colour,
 * purple) and submenu icons; each is a file name on the image host.
 */
export const VENDOR_IMAGE_FILES = {
  small: "small",
  smallActive: "small-active",
  listWhite: "list-white",
  listColour: "list-colour",
  listPurple: "list-purple",
  submenu: "submenu",
} as const;

export type VendorImageKind = keyof typeof VENDOR_IMAGE_FILES;
export type VendorImages = Record<VendorImageKind, string>;

/**
 * A path segment from a code: letters, digits, `_` and `-` kept, anything else percent-encoded.
 * Empty, "." and ".." become "_": URLs treat "%2E%2E" as "..", which would leave vendors/.
 */
const segment = (code: string) => {
  const c = code.trim();
  return !c || c === "." || c === ".." ? "_" : encodeURIComponent(c).replace(/[.!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
};

/**
 * Paths of a vendor's images, built from its game type and vendor code (spec §3):
 * `vendors/<gameType>/<vendorCode>/<kind>.svg`, e.g. `vendors/RNG/AMBR/small-active.svg`.
 * The game type comes first because one vendor code can serve several game types with other art.
 */
export function vendorImagePaths(vendorCode: string, gameType: string): VendorImages {
  const dir = `vendors/${segment(gameType)}/${segment(vendorCode)}`;
  const out = {} as VendorImages;
  for (const [kind, file] of Object.entries(VENDOR_IMAGE_FILES) as Array<[VendorImageKind, string]>) out[kind] = `${dir}/${file}.svg`;
  return out;
}

/** A vendor's image URLs on the operator's image hosts (the same host choice as game icons). */
export function vendorImages(vendor: { code: string; gameType: string }, hosts: readonly string[] | undefined): VendorImages {
  const paths = vendorImagePaths(vendor.code, vendor.gameType);
  const out = {} as VendorImages;
  for (const kind of Object.keys(paths) as VendorImageKind[]) out[kind] = imageUrl(paths[kind], hosts);
  return out;
}
