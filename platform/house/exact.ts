/** Exact expected returns by enumerating an outcome space with integer weights. */
import type { Ratio } from "./bets";
import { Rational } from "./rational";

export interface Weighted<O> {
  readonly outcome: O;
  readonly weight: bigint;
}

/** E[return per unit staked] = Σ weight · ratio / Σ weight, exactly. */
export function exactReturn<O>(distribution: Iterable<Weighted<O>>, ratioOf: (outcome: O) => Ratio): Rational {
  let total = 0n;
  let num = 0n;
  let den = 1n;
  const parts: Array<[bigint, bigint, bigint]> = [];
  for (const { outcome, weight } of distribution) {
    total += weight;
    const [n, d] = ratioOf(outcome);
    parts.push([weight, BigInt(n), BigInt(d)]);
    if (den % BigInt(d) !== 0n) den *= BigInt(d);
  }
  for (const [w, n, d] of parts) num += (w * n * den) / d;
  return Rational.of(num, total * den);
}

/** House edge = 1 - return. */
export function houseEdge<O>(distribution: Iterable<Weighted<O>>, ratioOf: (outcome: O) => Ratio): Rational {
  return Rational.ONE.sub(exactReturn(distribution, ratioOf));
}
