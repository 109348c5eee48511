import { describe, expect, it } from "vitest";
import { loader } from "~/routes/contract";
import { contractReturnPath } from "./contracts.server";

/** Issue 14: the contract popup's close and decision redirects use the one `safeRedirect`. */
describe("contract popup return path", () => {
  const OFF_SITE = ["/.//evil.example/phish", "/..//evil.example", "/x/..//evil.example", "//evil.example", "https://evil.example", "/\\evil.example", "/%2F%2Fevil.example"];

  const close = async (returnTo: string) => {
    const url = `http://localhost/contract?${new URLSearchParams({ close: "1", returnTo })}`;
    const res = (await loader({ request: new Request(url), params: {}, context: {} })) as Response;
    expect(res.status).toBe(302);
    return res.headers.get("location");
  };

  it.each(OFF_SITE)("closing with returnTo=%s stays on the site (a visitor, no session)", async (returnTo) => {
    expect(await close(returnTo)).toBe("/");
  });

  it("closing goes back to a same-site page, without the popup's own parameters", async () => {
    expect(await close("/member/withdraw?x=1&popup=contract&contractError=contract_err_x")).toBe("/member/withdraw?x=1");
    expect(await close("/a/../lobby")).toBe("/lobby");
  });

  it.each(OFF_SITE)("a decision's return path for %s is home", (returnTo) => {
    expect(contractReturnPath(returnTo)).toBe("/");
  });

  it("what is not a string goes home", () => {
    expect(contractReturnPath(null)).toBe("/");
    expect(contractReturnPath(undefined)).toBe("/");
  });
});
