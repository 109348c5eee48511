import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BLANK_IMAGE } from "./deferred-picture";
import { DownloadQr } from "./download-qr";

// The class name is vanilla-extract's, made by the build; Vitest has no CSS compiler here.
vi.mock("~/styles/shell.css", () => ({ qrBox: "qr" }));
vi.mock("~/styles/deferred-picture.css", () => ({ deferredBox: "own" }));

describe("DownloadQr", () => {
  it("is a lazy image of the code, whose scripts-off source is a blank and whose background is the code", () => {
    const html = renderToStaticMarkup(<DownloadQr src="/download-qr.png?v=abc" label="Scan" />);
    expect(html).toMatch(new RegExp(`^<picture><source media="\\(scripting:none\\)" srcSet="${BLANK_IMAGE}"/><img [^>]*/></picture>$`));
    expect(html).toContain(`class="qr" src="/download-qr.png?v=abc" alt="Scan" width="100" height="100" style="--p:url(/download-qr.png?v=abc)" loading="lazy" data-testid="download-qr"`);
  });

  it("keeps its size when drawn smaller (the side menu's)", () => {
    const html = renderToStaticMarkup(<DownloadQr src="/download-qr.png?v=abc" label="" size={64} />);
    expect(html).toContain(`width="64" height="64" style="--p:url(/download-qr.png?v=abc);width:64px;height:64px"`);
  });
});
