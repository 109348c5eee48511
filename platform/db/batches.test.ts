import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../http/observability.js";
import { Batches, sendBatch } from "./batches.js";

/** Batches whose statement fails with `code` and whose items, sent alone, answer their own value. */
function failing(code: string) {
  const alone: number[] = [];
  const b: Batches<number, number> = new Batches(
    (batch) =>
      sendBatch(b, batch, {
        alone: async (q) => {
          alone.push(q.item);
          q.resolve(q.item * 10);
        },
        statement: async () => {
          throw Object.assign(new Error(`failed with ${code}`), { code });
        },
        answer: () => null,
      }),
    "test writes",
  );
  return { b, alone };
}

describe("a batch statement that fails (ADR 038)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends its items alone, and logs a failure that is not a conflict at most once a minute", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const { b, alone } = failing("XX000");
    expect(await Promise.all([b.add(1, ["a"]), b.add(2, ["b"]), b.add(3, ["c"])])).toEqual([10, 20, 30]);
    expect(alone.sort()).toEqual([1, 2, 3]);
    expect(await Promise.all([b.add(4, ["a"]), b.add(5, ["b"])])).toEqual([40, 50]);
    expect(b.failed).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ batches: "test writes", sqlState: "XX000", failures: 1 });
  });

  it("does not log a conflict with another writer, which is expected now and then", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    for (const code of ["40001", "40P01", "23505"]) {
      const { b } = failing(code);
      expect(await Promise.all([b.add(1, ["a"]), b.add(2, ["b"])])).toEqual([10, 20]);
      expect(b.failed).toBe(1);
    }
    expect(warn).not.toHaveBeenCalled();
  });
});
