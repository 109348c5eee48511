/** Exact rational arithmetic on bigints, for house edges and RTPs that must not round. */

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static of(num: bigint | number, den: bigint | number = 1n): Rational {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError("zero denominator");
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n, d);
    return g > 1n ? new Rational(n / g, d / g) : new Rational(n, d);
  }

  static readonly ZERO = Rational.of(0n);
  static readonly ONE = Rational.of(1n);

  add(o: Rational): Rational {
    return Rational.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Rational): Rational {
    return Rational.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Rational): Rational {
    return Rational.of(this.num * o.num, this.den * o.den);
  }
  div(o: Rational): Rational {
    return Rational.of(this.num * o.den, this.den * o.num);
  }
  neg(): Rational {
    return Rational.of(-this.num, this.den);
  }
  cmp(o: Rational): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  max(o: Rational): Rational {
    return this.cmp(o) >= 0 ? this : o;
  }
  equals(o: Rational): boolean {
    return this.num === o.num && this.den === o.den;
  }
  toNumber(): number {
    // Scale first so huge numerators and denominators keep their precision.
    const scale = 10n ** 30n;
    return Number((this.num * scale) / this.den) / 1e30;
  }
  /** Exact decimal rounded half-up to `digits` places, e.g. "0.989400". */
  toFixed(digits: number): string {
    const scale = 10n ** BigInt(digits);
    const neg = this.num < 0n;
    const n = neg ? -this.num : this.num;
    const scaled = (n * scale * 2n + this.den) / (this.den * 2n);
    const int = scaled / scale;
    const frac = (scaled % scale).toString().padStart(digits, "0");
    return `${neg && scaled !== 0n ? "-" : ""}${int}${digits > 0 ? `.${frac}` : ""}`;
  }
  /** As a percentage with `digits` decimals, e.g. "1.0579". */
  toPercent(digits: number): string {
    return this.mul(Rational.of(100n)).toFixed(digits);
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

export function sum(values: readonly Rational[]): Rational {
  return values.reduce((a, b) => a.add(b), Rational.ZERO);
}
