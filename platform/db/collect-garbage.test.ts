import { describe, expect, it } from "vitest";
import { collectGarbage } from "./collect-garbage.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("collectGarbage", () => {
  it("collects what nothing references, without leaving gc exposed", async () => {
    let big: object | null = { payload: new Array(100_000).fill("x") };
    const ref = new WeakRef(big);
    big = null;
    await tick(); // a WeakRef keeps its target until the job that made it is over
    expect(collectGarbage()).toBe(true);
    await tick();
    expect(ref.deref()).toBeUndefined();
    expect("gc" in globalThis).toBe(false);
  });
});
