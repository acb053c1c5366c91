/**
 * The shave watch's statistics: the normal distribution's CDF from the complementary error function, and the one-sided
 * two-proportion z-test with its minimum sample (the contract, shaveWatch.ts, states them).
 */
import { shaveWatchMinExpectedFtds, shaveWatchMinSample, type ShaveComparison } from '@crm/shared/contract';

/**
 * erfc(x) by the Chebyshev fit of Numerical Recipes (`erfcc`): a relative error below 1.2e-7 everywhere, so tail
 * probabilities as small as 1e-12 keep their digits (the Abramowitz–Stegun 7.1.26 fit is only good to 1.5e-7 absolute,
 * which turns a p-value of 1e-9 into noise).
 */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const polynomial =
    -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const tail = t * Math.exp(-x * x + polynomial);
  return x >= 0 ? tail : 2 - tail;
}

export const erf = (x: number): number => 1 - erfc(x);

/** P(Z ≤ z) for a standard normal Z. */
export const normalCdf = (z: number): number => 0.5 * erfc(-z / Math.SQRT2);

export type Proportion = { n: number; x: number };

const rateOf = ({ n, x }: Proportion): number | null => (n === 0 ? null : x / n);

/** Whether the sample may be tested: enough leads on both sides, and enough FTDs expected at the comparison's rate. */
function enoughData(subject: Proportion, comparison: Proportion): boolean {
  if (subject.n < shaveWatchMinSample || comparison.n < shaveWatchMinSample) return false;
  return subject.n * (comparison.x / comparison.n) >= shaveWatchMinExpectedFtds;
}

/**
 * Is the subject's rate lower than the comparison's? z = (p1 − p2) / √(p(1 − p)(1/n1 + 1/n2)) with p pooled, p-value
 * Φ(z). Null z and p without enough data. Both sides converting every lead leaves no spread: no difference (z 0).
 */
export function compareRates(subject: Proportion, comparison: Proportion): ShaveComparison {
  const side = { n: comparison.n, x: comparison.x, rate: rateOf(comparison) };
  if (!enoughData(subject, comparison)) return { ...side, z: null, p_value: null };
  const pooled = (subject.x + comparison.x) / (subject.n + comparison.n);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / subject.n + 1 / comparison.n));
  const z = spread === 0 ? 0 : (subject.x / subject.n - comparison.x / comparison.n) / spread;
  return { ...side, z, p_value: normalCdf(z) };
}
