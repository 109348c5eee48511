/** A FairRng whose int() answers come from a script, for rule tests with chosen cards and dice. */
import { indexOf, type CardCode } from "../cards";
import { FairRng } from "../fair";

const SEEDS = { serverSeed: "0".repeat(64), clientSeed: "scripted", nonce: 0 };

export class ScriptedRng extends FairRng {
  private pos = 0;
  constructor(private readonly script: readonly number[]) {
    super(SEEDS);
  }
  override int(maxExclusive: number): number {
    const v = this.script[this.pos++];
    if (v === undefined) throw new Error("script exhausted");
    if (v >= maxExclusive) throw new Error(`scripted ${v} is not below ${maxExclusive}`);
    return v;
  }
  override restart(): ScriptedRng {
    return new ScriptedRng(this.script);
  }
}

/** Infinite-deck games draw card k as cardOf(int(52)): script the cards themselves. */
export function cardsRng(cards: readonly CardCode[]): ScriptedRng {
  return new ScriptedRng(cards.map(indexOf));
}
