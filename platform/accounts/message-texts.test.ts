import { messageText } from "./message-texts.js";

describe("message texts", () => {
  it("speaks the reader's language", () => {
    expect(messageText("code", ["es"], { code: "123456", minutes: 5 })).toBe("Tu código de verificación es 123456. Caduca en 5 min.");
    expect(messageText("reset", ["ar"], { link: "https://x/r" })).toContain("https://x/r");
    expect(messageText("reset", ["ar"], { link: "https://x/r" })).toMatch(/كلمة المرور/);
  });

  it("falls back to a regional variant's language, then the site default, then English", () => {
    expect(messageText("code", ["es-MX"], { code: "1", minutes: 5 })).toMatch(/^Tu código/);
    expect(messageText("code", ["sw", "vi"], { code: "1", minutes: 5 })).toMatch(/^Mã xác minh/);
    expect(messageText("code", ["sw", null], { code: "1", minutes: 5 })).toMatch(/^Your verification code/);
    expect(messageText("code", [], { code: "1", minutes: 5 })).toMatch(/^Your verification code/);
  });
});
