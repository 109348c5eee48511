import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MESSAGE_KINDS } from "#platform/messages/service.js";
import { MESSAGE_TEXT_KINDS, messageBody, messageTitle } from "./messages";

const root = path.resolve(__dirname, "../../public/locales");
const locales = readdirSync(root);
const common = (lng: string) => JSON.parse(readFileSync(path.join(root, lng, "common.json"), "utf8")) as Record<string, string>;
/** Enough of i18next's t for these texts: the key's text with {{name}} filled. */
const tIn = (lng: string) => {
  const texts = common(lng);
  return (key: string, options: Record<string, unknown> = {}) => (texts[key] ?? "").replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
};

describe("message-centre texts", () => {
  it("knows the same kinds as the platform posts", () => {
    expect([...MESSAGE_TEXT_KINDS].sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it.each(locales)("%s words every kind the platform posts", (lng) => {
    const texts = common(lng);
    for (const kind of MESSAGE_KINDS) {
      expect(texts[`msg_kind_${kind}_title`]?.trim(), `${lng}:${kind}_title`).toBeTruthy();
      expect(texts[`msg_kind_${kind}_body`]?.trim(), `${lng}:${kind}_body`).toBeTruthy();
    }
  });

  it("words a points redemption in the reader's language", () => {
    const params = { id: 42, points: "20" };
    expect(messageTitle(tIn("th"), "points_rejected", params)).toBe("การแลกถูกปฏิเสธ");
    expect(messageBody(tIn("es"), "points_rejected", params)).toBe("Tu canje de puntos n.º 42 se rechazó; se devolvieron 20 puntos.");
    expect(messageBody(tIn("zh-TW"), "points_approved", params)).toContain("#42");
  });
});
