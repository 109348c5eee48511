/**
 * Small statistics for the house tests and the simulation script: chi-square and runs tests with
 * their p-values. No dependencies; accurate to far better than the 1% level the tests use.
 */

/** ln Γ(x) by Lanczos (g = 7, n = 9), x > 0. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised upper incomplete gamma Q(a, x) (Numerical Recipes: series below a + 1, continued fraction above). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

/** P(χ²_dof ≥ stat). */
export function chiSquarePValue(stat: number, dof: number): number {
  return gammaQ(dof / 2, stat / 2);
}

export interface ChiSquareResult {
  statistic: number;
  dof: number;
  pValue: number;
}

/** Pearson's goodness-of-fit test of observed counts against expected probabilities (which sum to 1). */
export function chiSquare(observed: ArrayLike<number>, probabilities: ArrayLike<number>): ChiSquareResult {
  let n = 0;
  for (let i = 0; i < observed.length; i++) n += observed[i]!;
  let stat = 0;
  let cells = 0;
  for (let i = 0; i < observed.length; i++) {
    const p = probabilities[i]!;
    if (p === 0) {
      if (observed[i]! > 0) return { statistic: Infinity, dof: 0, pValue: 0 };
      continue;
    }
    const e = n * p;
    const d = observed[i]! - e;
    stat += (d * d) / e;
    cells++;
  }
  const dof = cells - 1;
  return { statistic: stat, dof, pValue: chiSquarePValue(stat, dof) };
}

export function chiSquareUniform(observed: ArrayLike<number>): ChiSquareResult {
  return chiSquare(observed, new Float64Array(observed.length).fill(1 / observed.length));
}

/** Counts of each value 0..size-1. */
export function histogram(values: ArrayLike<number>, size: number): Float64Array {
  const h = new Float64Array(size);
  for (let i = 0; i < values.length; i++) h[values[i]!]!++;
  return h;
}

/** erfc by Numerical Recipes' Chebyshev fit (relative error < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export interface RunsResult {
  runs: number;
  expected: number;
  z: number;
  pValue: number;
}

/**
 * Wald-Wolfowitz runs test on a two-valued sequence: `above(i)` says whether item i is in the
 * upper class; items for which it returns null (e.g. equal to the median) are skipped.
 */
export function runsTest(length: number, above: (i: number) => boolean | null): RunsResult {
  let n1 = 0;
  let n2 = 0;
  let runs = 0;
  let prev: boolean | null = null;
  for (let i = 0; i < length; i++) {
    const a = above(i);
    if (a === null) continue;
    if (a) n1++;
    else n2++;
    if (a !== prev) runs++;
    prev = a;
  }
  const n = n1 + n2;
  const expected = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - expected) / Math.sqrt(variance);
  return { runs, expected, z, pValue: erfc(Math.abs(z) / Math.SQRT2) };
}

/** Runs above/below the middle of an outcome space 0..size-1 (the middle value of an odd size is skipped). */
export function runsAboveBelow(values: ArrayLike<number>, size: number): RunsResult {
  const odd = size % 2 === 1;
  const mid = Math.floor(size / 2);
  return runsTest(values.length, (i) => {
    const v = values[i]!;
    if (odd && v === mid) return null;
    return v >= (odd ? mid + 1 : mid);
  });
}

/** Mean and sample standard deviation of a stream, without keeping it. */
export class RunningStats {
  n = 0;
  private mean = 0;
  private m2 = 0;
  push(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }
  get average(): number {
    return this.mean;
  }
  get sd(): number {
    return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : 0;
  }
}
