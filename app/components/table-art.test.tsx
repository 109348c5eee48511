import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import { GameOutcome } from "./house-outcome";
import { OutcomeSummary } from "./house-summary";
import { makeTranslation, TranslationProvider } from "./translation";
import { DiceScaleArt, DieArt, EUROPEAN_WHEEL, RouletteArt, scaleX, wheelNeighbours } from "./table-art";
import { rouletteColour } from "~/lib/house-bets";

// Vitest runs without the vanilla-extract compiler: class names stand in for the styles.
vi.mock("~/styles/house.css", () => ({
  ...Object.fromEntries(["artFluid", "dieArt", "diceArt", "diceArtSmall", "scaleTrack", "scaleOutline", "scaleZone", "scaleInk", "scaleMuted", "scaleWin", "scaleLose", "scalePinText", "handRow", "badge", "badgeWin", "outcome", "rollPill", "bigNumber", "list"].map((k) => [k, k])),
  pocket: { red: "red", black: "black", green: "green" },
}));

// The member centre's money formatting pulls in the page shell; the outcomes need none of it.
vi.mock("./money", () => ({ useMoneyFormat: () => ({ amount: (a: string) => a }) }));

const inEnglish = makeTranslation("en", en);
const html = (node: React.ReactNode) => renderToStaticMarkup(<TranslationProvider value={inEnglish}>{node}</TranslationProvider>);
const inSpanish = makeTranslation("es", es);
const htmlEs = (node: React.ReactNode) => renderToStaticMarkup(<TranslationProvider value={inSpanish}>{node}</TranslationProvider>);

const count = (s: string, needle: string) => s.split(needle).length - 1;
/** The faces of the dice in a piece of markup, in order, each checked against its pip count. */
function facesOf(markup: string): number[] {
  return [...markup.matchAll(/<svg[^>]*data-face="(\d)"[^>]*>(.*?)<\/svg>/g)].map(([, face, body]) => {
    expect(count(body!, "data-pip")).toBe(Number(face));
    return Number(face);
  });
}

describe("dice", () => {
  it("draws as many pips as the face says, the one and the four in red", () => {
    for (let face = 1; face <= 6; face++) {
      const svg = renderToStaticMarkup(<DieArt face={face} />);
      expect(count(svg, "data-pip")).toBe(face);
      expect(svg.includes('fill="#c62828"')).toBe(face === 1 || face === 4);
    }
    expect(count(renderToStaticMarkup(<DieArt face={7} />), "data-pip")).toBe(0);
  });

  it("shows sic bo's three dice in order with the total and a translated name", () => {
    const out = html(<GameOutcome game="HOUSE_SICBO" outcome={{ dice: [3, 5, 6], total: 14, triple: false }} />);
    expect(facesOf(out)).toEqual([3, 5, 6]);
    expect(out).toContain('aria-label="Dice: 3, 5, 6"');
    expect(out).toContain("Total 14");
    const summary = html(<OutcomeSummary game="HOUSE_SICBO" outcome={{ dice: [2, 2, 1], total: 5 }} />);
    expect(facesOf(summary)).toEqual([2, 2, 1]);
    expect(summary).not.toMatch(/[⚀-⚅]/);
  });

  it("shows fish-prawn-crab's symbols", () => {
    const out = html(<GameOutcome game="HOUSE_FPC" outcome={{ dice: ["CRAB", "FISH", "CRAB"] }} />);
    expect([...out.matchAll(/data-fpc="(\w+)"/g)].map((m) => m[1])).toEqual(["CRAB", "FISH", "CRAB"]);
    expect(out).toContain('aria-label="Dice: Crab, Fish, Crab"');
  });
});

describe("roulette", () => {
  it("has the single-zero wheel: every number once, red and black alternating after 0", () => {
    expect([...EUROPEAN_WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    for (let i = 1; i < EUROPEAN_WHEEL.length; i++) {
      expect(rouletteColour(EUROPEAN_WHEEL[i]!)).toBe(i % 2 ? "red" : "black");
    }
    expect(wheelNeighbours(0)).toEqual([35, 3, 26, 0, 32, 15, 19]);
    expect(wheelNeighbours(26)).toEqual([12, 35, 3, 26, 0, 32, 15]);
    expect(wheelNeighbours(37)).toEqual([]);
  });

  it("puts the winning number, in its colour, in the middle pocket under the ball", () => {
    const fill = { red: "#b3261e", black: "#1d1d1f", green: "#1b7a3a" };
    for (let n = 0; n <= 36; n++) {
      const svg = renderToStaticMarkup(<RouletteArt n={n} label={`pocket ${n}`} />);
      expect(svg).toMatch(new RegExp(`data-testid="roulette-number"[^>]*>${n}</text>`));
      expect(svg).toContain(`data-colour="${rouletteColour(n)}"`);
      const pockets = [...svg.matchAll(/data-wheel-pocket="(\d+)"><path d="[^"]*" fill="([^"]+)"/g)];
      expect(pockets.map((p) => Number(p[1]))).toEqual(wheelNeighbours(n));
      expect(pockets[3]![2]).toBe(fill[rouletteColour(n)]);
      expect(svg).toMatch(/<circle cx="120" cy="[\d.]+" r="8"[^>]*data-ball=""/);
      expect(svg).toContain(`role="img" aria-label="pocket ${n}"`);
    }
  });

  it("says the pocket in words through i18n", () => {
    const out = html(<GameOutcome game="HOUSE_ROULETTE" outcome={{ number: 17, color: "black" }} />);
    expect(out).toContain('aria-label="Ball in pocket 17 (Black)"');
  });
});

describe("the dice game's scale", () => {
  it("pins the roll where it fell and shades the winning side of the target", () => {
    const over = renderToStaticMarkup(<DiceScaleArt roll={7341} display="73.41" target={5000} targetText="50.00" kind="over" won label="Roll 73.41" />);
    expect(scaleX(7341)).toBeCloseTo(14 + 0.7341 * 272, 2);
    expect(over).toContain(`data-roll-x="${scaleX(7341)}"`);
    expect(over).toContain(`data-zone="${scaleX(5000)}-286"`);
    expect(over).toContain(`data-target="${scaleX(5000)}"`);
    expect(over).toContain(">73.41</text>");
    const under = renderToStaticMarkup(<DiceScaleArt roll={120} display="01.20" target={2500} targetText="25.00" kind="under" won label="Roll 01.20" />);
    expect(under).toContain(`data-zone="14-${scaleX(2500)}"`);
    expect(under).toContain(`data-roll-x="${scaleX(120)}"`);
    expect(scaleX(0)).toBe(14);
    expect(scaleX(10_000)).toBe(286);
  });

  it("marks a loss as a loss and names the roll and the bet", () => {
    const out = html(<GameOutcome game="HOUSE_DICE" outcome={{ roll: 4210, display: "42.10" }} bets={[{ kind: "over", target: 5000, amount: "1.00" }]} />);
    expect(out).toMatch(/data-testid="dice-roll"[^>]*>42.10</);
    expect(out).toContain('aria-label="Roll 42.10, over 50.00"');
    expect(out).toContain(`data-roll-x="${scaleX(4210)}"`);
    expect(out).toContain(">Lose<");
  });

  it("writes the roll and the target with the page's decimal separator: a dot in English", () => {
    // The platform's `display` is dot-decimal text for its API clients; the page formats the roll itself.
    const out = html(<GameOutcome game="HOUSE_DICE" outcome={{ roll: 4210, display: "42.10" }} bets={[{ kind: "under", target: 705, amount: "1.00" }]} />);
    expect(out).toMatch(/data-testid="dice-roll"[^>]*>42\.10</);
    expect(out).toContain(">07.05</text>");
    expect(html(<OutcomeSummary game="HOUSE_DICE" outcome={{ roll: 4210, display: "42.10" }} bets={[{ kind: "under", target: 705 }]} />)).toContain("Roll 42.10 (under 07.05)");
  });

  it("writes the roll and the target with the page's decimal separator: a comma in Spanish", () => {
    const out = htmlEs(<GameOutcome game="HOUSE_DICE" outcome={{ roll: 4210, display: "42.10" }} bets={[{ kind: "over", target: 5000, amount: "1.00" }]} />);
    expect(out).toMatch(/data-testid="dice-roll"[^>]*>42,10</);
    expect(out).toContain('aria-label="Tirada 42,10, más de 50,00"');
    expect(out).toContain(">50,00</text>");
    expect(out).toContain(">42,10</text>");
    expect(out).not.toMatch(/\d\.\d\d</);
    const summary = htmlEs(<OutcomeSummary game="HOUSE_DICE" outcome={{ roll: 4210, display: "42.10" }} bets={[{ kind: "over", target: 5000 }]} />);
    expect(summary).toContain("Tirada 42,10 (más de 50,00)");
  });

  it("writes a hi-lo multiplier with the page's decimal separator", () => {
    const outcome = { cards: ["AS"], multiplier: { num: "99", den: "50" } };
    expect(htmlEs(<OutcomeSummary game="HOUSE_HILO" outcome={outcome} />)).toContain("×1,98");
    expect(html(<OutcomeSummary game="HOUSE_HILO" outcome={outcome} />)).toContain("×1.98");
  });
});
