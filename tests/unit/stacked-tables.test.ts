import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Below 600 px a record table becomes a stack of cards and each cell shows its column's name from
 * its `data-label` (app/styles/member.css.ts `m.table`, app/styles/games.css.ts `g.roomTable`): a
 * body cell without one is a bare value nobody can place. Every <table> in app/ is checked: it is
 * such a table and each of its body cells carries `data-label` (unless it spans the row, `colSpan`,
 * or the row is a key and a value: a `<th scope="row">` and one cell), or it keeps a narrow layout
 * of its own (listed here, with why).
 */
const STACKED: Record<string, { titleFirst?: boolean; actionLast?: boolean }> = {
  "m.table": {},
  // A PVP room card: the first cell is the card's title, the last its join button (games.css.ts).
  "g.roomTable": { titleFirst: true, actionLast: true },
};
const OWN_LAYOUT: Record<string, string> = {
  // Three short columns (player, game, amount) that fit 360 px as a table.
  "h.winnerTable": "components/home-blocks.tsx",
};

const APP = path.join(process.cwd(), "app");

function tsxFiles(): string[] {
  return readdirSync(APP, { recursive: true, encoding: "utf8" })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"));
}

type Tag = ts.JsxOpeningElement | ts.JsxSelfClosingElement;

const tagName = (node: Tag) => node.tagName.getText();
const attribute = (node: Tag, name: string) =>
  node.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);

const elementTag = (node: ts.Node): Tag | null =>
  ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null;

/** The cells (<td>, <th>) of a row, looking through expressions and fragments but not into cells. */
function rowCells(row: ts.Node): Tag[] {
  const cells: Tag[] = [];
  const walk = (node: ts.Node) => {
    const tag = elementTag(node);
    if (tag && (tagName(tag) === "td" || tagName(tag) === "th")) {
      cells.push(tag);
      return;
    }
    ts.forEachChild(node, walk);
  };
  ts.forEachChild(row, walk);
  return cells;
}

/** Each <table> of a file: its class expression, and the body cells (<td> in <tbody>) lacking a label. */
export function tableProblems(file: string, source: string): Array<{ table: string; missing: string[] }> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Array<{ table: string; missing: string[] }> = [];
  const at = (tag: Tag) => `${file}:${sf.getLineAndCharacterOfPosition(tag.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (!(ts.isJsxElement(node) && tagName(node.openingElement) === "table")) {
      ts.forEachChild(node, visit);
      return;
    }
    const cls = attribute(node.openingElement, "className")?.initializer?.getText().replace(/^\{|\}$/g, "") ?? "";
    const rules = STACKED[cls] ?? {};
    const missing: string[] = [];
    const rows = (n: ts.Node, inBody: boolean): void => {
      const tag = elementTag(n);
      if (tag && tagName(tag) === "tbody") inBody = true;
      if (tag && tagName(tag) === "tr") {
        if (!inBody) return;
        const cells = rowCells(n);
        const keyValue = cells.length === 2 && tagName(cells[0]!) === "th" && attribute(cells[0]!, "scope")?.initializer?.getText() === '"row"';
        cells.forEach((cell, i) => {
          if (tagName(cell) !== "td" || keyValue) return;
          if ((rules.titleFirst && i === 0) || (rules.actionLast && i === cells.length - 1)) return;
          if (!attribute(cell, "data-label") && !attribute(cell, "colSpan")) missing.push(at(cell));
        });
        return;
      }
      ts.forEachChild(n, (c) => rows(c, inBody));
    };
    rows(node, false);
    out.push({ table: cls, missing });
  };
  visit(sf);
  return out;
}

describe("stacked tables below 600 px", () => {
  const found = tsxFiles().flatMap((file) => tableProblems(file, readFileSync(path.join(APP, file), "utf8")).map((t) => ({ file, ...t })));

  it("finds the tables (the check reads the JSX it means to)", () => {
    expect(found.length).toBeGreaterThanOrEqual(14);
    expect(found.map((t) => t.file)).toEqual(expect.arrayContaining(["routes/pointMall.tsx", "routes/agent+/agentRevenueReport.tsx", "routes/member+/transactionHistory.tsx"]));
  });

  it("every record table labels each body cell with its column's name", () => {
    const stacked = found.filter((t) => t.table in STACKED);
    expect(stacked.length).toBeGreaterThanOrEqual(13);
    expect(stacked.flatMap((t) => t.missing)).toEqual([]);
  });

  it("every other table is a known narrow layout", () => {
    for (const t of found.filter((f) => !(f.table in STACKED))) {
      expect(OWN_LAYOUT[t.table], `${t.file}: table ${t.table} neither stacks nor is a known narrow layout`).toBe(t.file);
    }
  });

  it("reports a body cell without its label", () => {
    const src = [
      "export const X = () => <table className={m.table}><thead><tr><th>A</th></tr></thead><tbody>",
      '{rows.map((r) => <tr><td data-label="A">1</td><td>2</td><td colSpan={2}>none</td></tr>)}',
      '<tr><th scope="row">Key</th><td>value</td></tr>',
      "</tbody></table>;",
    ].join("\n");
    expect(tableProblems("x.tsx", src)).toEqual([{ table: "m.table", missing: ["x.tsx:2"] }]);
  });
});
