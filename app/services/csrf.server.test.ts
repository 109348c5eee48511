import { createCookie } from "@remix-run/node";
import { CSRF } from "remix-utils/csrf/server";
import { NodeCryptoCSRF } from "./csrf.server";

const cookie = createCookie("csrf-test", { secrets: ["cookie-secret"] });
const secret = "a-session-secret-for-the-test";
const ours = new NodeCryptoCSRF({ cookie, secret });
const library = new CSRF({ cookie, secret });

/** A form post carrying `token` in its body and its cookie. */
async function post(token: string, bodyToken = token) {
  const form = new FormData();
  form.set("csrf", bodyToken);
  const headers = new Headers({ cookie: (await cookie.serialize(token)).split(";")[0]! });
  return { form, headers };
}

describe("CSRF tokens made with Node's crypto", () => {
  it("have the library's shape: 32 random bytes and an HMAC, both base64url without padding", () => {
    const token = ours.generate();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(ours.generate()).not.toBe(token);
  });

  it("pass the library's own check, and the library's tokens pass ours (cookies already out stay valid)", async () => {
    for (let i = 0; i < 20; i++) {
      const mine = await post(ours.generate());
      await expect(library.validate(mine.form, mine.headers)).resolves.toBeUndefined();
      const theirs = await post(library.generate());
      await expect(ours.validate(theirs.form, theirs.headers)).resolves.toBeUndefined();
    }
  });

  it("are refused when the signature is not the secret's or the body's token differs", async () => {
    const [value] = ours.generate().split(".");
    const forged = await post(`${value}.${"A".repeat(43)}`);
    await expect(ours.validate(forged.form, forged.headers)).rejects.toMatchObject({ code: "tampered_token_in_cookie" });
    const other = new NodeCryptoCSRF({ cookie, secret: "another-secret" });
    const foreign = await post(other.generate());
    await expect(ours.validate(foreign.form, foreign.headers)).rejects.toMatchObject({ code: "tampered_token_in_cookie" });
    const token = ours.generate();
    const mismatched = await post(token, ours.generate());
    await expect(ours.validate(mismatched.form, mismatched.headers)).rejects.toMatchObject({ code: "mismatched_token" });
  });
});
