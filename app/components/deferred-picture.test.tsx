import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BLANK_IMAGE, cssUrl, DeferredPicture } from "./deferred-picture";

// The class names are vanilla-extract's, made by the build; Vitest has no CSS compiler here.
vi.mock("~/styles/deferred-picture.css", () => ({ deferredBox: "own" }));

describe("DeferredPicture", () => {
  it("is a lazy image of the picture, whose scripts-off source is a blank and whose background is the picture", () => {
    const html = renderToStaticMarkup(<DeferredPicture src="/images/banks/1.svg" alt="Bank 1" />);
    expect(html).toBe(
      `<picture><source media="(scripting:none)" srcSet="${BLANK_IMAGE}"/>` +
        `<img src="/images/banks/1.svg" alt="Bank 1" loading="lazy" style="--p:url(/images/banks/1.svg)"/></picture>`,
    );
  });

  it("deferred by its own box: the picture carries the class that defers it", () => {
    const html = renderToStaticMarkup(<DeferredPicture own src="/images/games/X.svg" alt="" />);
    expect(html).toBe(
      `<picture class="own"><source media="(scripting:none)" srcSet="${BLANK_IMAGE}"/>` +
        `<img src="/images/games/X.svg" alt="" loading="lazy" style="--p:url(/images/games/X.svg)"/></picture>`,
    );
  });

  it("writes any URL as one CSS url() value that nothing in it can end", () => {
    expect(cssUrl("https://cdn.example.com/vendors/RNG/HSLOT/list-colour.svg")).toBe("url(https://cdn.example.com/vendors/RNG/HSLOT/list-colour.svg)");
    const odd = cssUrl(`/a b/c(d)"e'f\\g\nh`);
    expect(odd).toBe("url(/a\\20 b/c\\28 d\\29 \\22 e\\27 f\\5c g\\a h)");
    // Between "url(" and the final ")" no bare quote, parenthesis, backslash or space is left unescaped.
    const inner = odd.slice(4, -1).replace(/\\[0-9a-f]+ /g, "");
    expect(inner).not.toMatch(/[\s"'()\\]/);
  });

  it("cannot be made to write markup by its URL", () => {
    const html = renderToStaticMarkup(<DeferredPicture src={`/x"><script>alert(1)</script>`} alt="x" />);
    expect(html).not.toContain("<script>");
    expect(html).toContain("--p:url(/x\\22 &gt;&lt;script&gt;alert\\28 1\\29 &lt;/script&gt;)");
  });
});
