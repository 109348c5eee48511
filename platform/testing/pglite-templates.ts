import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Vitest's global setup: a folder for this run's in-memory test databases as made (testing/db.ts),
 * handed to every test file's process in `PGLITE_TEMPLATES`, and removed when the run ends. Made
 * afresh each run, so a changed migration or seed is never served from an older run's copy.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-templates-"));
  process.env.PGLITE_TEMPLATES = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
