import { performance } from 'node:perf_hooks';
import { applySlider, compareWithMortgage, comparisonBaseline, COMPARISON_DEFAULTS } from '../src/domain/calculators';
import { fmt } from './lib';

function perCallMicros(fn: (i: number) => unknown, iterations: number): number {
  for (let i = 0; i < 2000; i++) fn(i); // warm up
  const start = performance.now();
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += Number(Boolean(fn(i)));
  const elapsed = performance.now() - start;
  if (sink < 0) console.log(sink);
  return (elapsed * 1000) / iterations;
}

export function benchCalculators() {
  const inputs = { ...COMPARISON_DEFAULTS, yearsToDisplay: 10 };
  const full = perCallMicros((i) => compareWithMortgage({ ...inputs, homePrice: 420_000 + (i % 100) * 1000 }), 50_000);
  const baseline = comparisonBaseline(inputs);
  const span = baseline.slider.max - baseline.slider.min;
  const slider = perCallMicros((i) => applySlider(baseline, baseline.slider.max - ((i * 5) % Math.max(5, span))), 200_000);
  console.log('\nCalculators (target ≤ 1 ms = 1,000 µs per call)');
  console.log(`  compareWithMortgage, 10-year table: ${fmt(full, 2)} µs per call`);
  console.log(`  slider recompute (applySlider):     ${fmt(slider, 2)} µs per call`);
}
