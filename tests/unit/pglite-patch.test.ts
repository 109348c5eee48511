import { parse, types } from "@electric-sql/pglite";

/**
 * patches/@electric-sql+pglite+*.patch, applied by `npm install`'s postinstall (ADR 027, amended
 * 2026-12-01): PGlite's result parser copied its table of 316 type parsers into a new object for
 * every statement, to merge in the query's own parsers (drizzle passes four, for dates and
 * intervals). That copy was about 60 µs per statement, a sixth of PGlite's CPU for a member's page.
 * Patched, the query's parsers go in a small object that falls back to the table (its prototype), and
 * the table is used as it is when the query brings none. If the patch stops applying (a new PGlite),
 * the first test fails.
 */
const messages = [
  { name: "rowDescription", fields: [{ name: "n", dataTypeID: types.INT4 }] },
  { name: "dataRow", fields: ["42"] },
  { name: "commandComplete", text: "SELECT 1" },
] as unknown as Parameters<typeof parse.parseResults>[0];

describe("the PGlite patch (no copy of the parser table per statement)", () => {
  it("reads the parser table without copying it, with or without a query's own parsers", () => {
    let copies = 0;
    const table = new Proxy(
      { [types.INT4]: (v: string) => Number(v) },
      {
        ownKeys(target) {
          copies++;
          return Reflect.ownKeys(target);
        },
      },
    );
    const [plain] = parse.parseResults(messages, table, undefined);
    // As drizzle calls it: dates and intervals left as text, the rest from the table.
    const [drizzle] = parse.parseResults(messages, table, { rowMode: "array", parsers: { [types.TIMESTAMPTZ]: (v: string) => v } });
    expect(plain!.rows).toEqual([{ n: 42 }]);
    expect(drizzle!.rows).toEqual([[42]]);
    expect(copies).toBe(0);
  });

  it("still lets a query's own parsers win over the table's", () => {
    const [result] = parse.parseResults(messages, { [types.INT4]: (v: string) => Number(v) }, { parsers: { [types.INT4]: (v: string) => `#${v}` } });
    expect(result!.rows).toEqual([{ n: "#42" }]);
  });
});
