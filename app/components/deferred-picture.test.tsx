import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BLANK_IMAGE, cssUrl, DeferredPicture } from "./deferred-picture";

// Vitest runs without the vanilla-extract compiler: class names stand in for the styles.
vi.mock("~/styles/deferred-picture.css", () => ({ background: "background", deferredSection: "deferredSection", pictureBackground: "" }));

describe("DeferredPicture", () => {
  it("is an image with its name and size whose picture is its background, not its source", () => {
    const html = renderToStaticMarkup(<DeferredPicture src="/images/banks/1.svg" alt="Bank 1" width={72} height={28} />);
    expect(html).toBe(`<img src="${BLANK_IMAGE}" alt="Bank 1" width="72" height="28" class="background" style="--picture:url(/images/banks/1.svg)"/>`);
    // No loading="lazy": with scripts off it defers nothing; the section's content-visibility does.
    expect(html).not.toContain("loading=");
  });

  it("writes any URL as one CSS url() value that nothing in it can end", () => {
    expect(cssUrl("https://cdn.example.com/vendors/RNG/HSLOT/list-colour.svg")).toBe("url(https://cdn.example.com/vendors/RNG/HSLOT/list-colour.svg)");
    const odd = cssUrl(`/a b/c(d)"e'f\\g\nh`);
    expect(odd).toBe("url(/a\\20 b/c\\28 d\\29 \\22 e\\27 f\\5c g\\a h)");
    // Between "url(" and the final ")" no bare quote, parenthesis, backslash escape start or space survives unescaped.
    const inner = odd.slice(4, -1).replace(/\\[0-9a-f]+ /g, "");
    expect(inner).not.toMatch(/[\s"'()\\]/);
  });

  it("keeps an escaped style attribute when React writes it", () => {
    const html = renderToStaticMarkup(<DeferredPicture src={`/x"><script>alert(1)</script>`} alt="x" width={1} height={1} />);
    expect(html).not.toContain("<script>");
    expect(html).toContain("--picture:url(/x\\22 &gt;&lt;script&gt;alert\\28 1\\29 &lt;/script&gt;)");
  });
});
