import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { encodeCursor, TEAM_BET_SOURCES, TEAM_TX_SOURCES } from "#platform/agents/cursor.js";
import { CSV_MAX_ROWS, csvStreamResponse, cursorBatches, listPosition } from "./agent.server";

const at = (qs: string) => new Request(`http://localhost/agent/personalHistoryCopy?${qs}`);

describe("team lists in the agent centre (keyset, ADR 024)", () => {
  const good = encodeCursor({ time: "2026-11-25T01:02:03.123456Z", source: "R", id: 42 });

  it("reads the position from the link, and turns a broken one into the newest page with a flag", () => {
    expect(listPosition(at(""), TEAM_BET_SOURCES)).toEqual({ query: { pageNo: 1 }, badCursor: false });
    expect(listPosition(at("page=3"), TEAM_BET_SOURCES)).toEqual({ query: { pageNo: 3 }, badCursor: false });
    expect(listPosition(at(`after=${good}`), TEAM_BET_SOURCES)).toEqual({ query: { after: good }, badCursor: false });
    expect(listPosition(at(`before=${good}`), TEAM_BET_SOURCES)).toEqual({ query: { before: good }, badCursor: false });
    for (const bad of ["after=abc%21", `after=${good}&before=${good}`, `after=${good.slice(0, -3)}`, "before=" + "A".repeat(300)]) {
      expect(listPosition(at(bad), TEAM_BET_SOURCES), bad).toEqual({ query: { pageNo: 1 }, badCursor: true });
    }
    // A bets cursor is not a transactions cursor.
    expect(listPosition(at(`after=${good}`), TEAM_TX_SOURCES).badCursor).toBe(true);
  });

  it("walks every batch along the cursor for the CSV and streams it, stopping at the row limit", async () => {
    const seen: Array<string | undefined> = [];
    const batches = cursorBatches(async (after) => {
      seen.push(after);
      const n = seen.length;
      return { content: [`r${n}a`, `r${n}b`], next: n < 3 ? `c${n}` : null };
    });
    const res = csvStreamResponse("x.csv", ["row"], batches, (r) => [r]);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe("\uFEFFrow\r\nr1a\r\nr1b\r\nr2a\r\nr2b\r\nr3a\r\nr3b\r\n");
    expect(seen).toEqual([undefined, "c1", "c2"]);

    let calls = 0;
    const endless = cursorBatches(async () => ({ content: Array.from({ length: 500 }, (_, i) => i), next: `c${++calls}` }));
    let rows = 0;
    for await (const b of endless) rows += b.length;
    expect(rows).toBe(CSV_MAX_ROWS);
  });

  it("has the list's words in every language", () => {
    const root = path.resolve(__dirname, "../../public/locales");
    for (const lng of readdirSync(root)) {
      const words = JSON.parse(readFileSync(path.join(root, lng, "common.json"), "utf8")) as Record<string, string>;
      for (const k of ["list_newest", "list_count", "list_count_capped", "list_bad_cursor", "page_prev", "page_next"]) expect(words[k], `${lng} ${k}`).toBeTruthy();
      expect(words.list_count_capped).toContain("{{number}}");
    }
  });
});
