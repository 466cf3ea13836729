import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/** A deterministic random source: the same seed text gives the same numbers on every machine. */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Standard normal (mean 0, deviation 1). */
  normal(): number;
}

export function seededRandom(seed: string): SeededRandom {
  const generator = xoroshiro128plus(fnv1a(seed));
  const uniform = () => uniformFloat64(generator);
  return {
    uniform,
    normal: () => {
      // Box-Muller; 1 - u keeps the logarithm away from 0.
      const u = 1 - uniform();
      const v = uniform();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/** 32-bit FNV-1a: spreads similar seed texts ("revenue/2025-01") over unrelated seeds. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
