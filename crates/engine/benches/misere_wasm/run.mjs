// Time the misère solvers compiled to wasm32 (see Cargo.toml next to this file).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const path = process.argv[2];
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const e = instance.exports;
// Wall time, and CPU time of this process (less sensitive to other jobs on a shared machine).
function time(f, ...args) {
  const t = performance.now();
  const c = process.cpuUsage();
  const r = f(...args);
  const cpu = process.cpuUsage(c);
  return [(performance.now() - t) / 1000, (cpu.user + cpu.system) / 1e6, r];
}
for (const max of [60, 85]) {
  const [s, cpu, r] = time(e.grundy_heaps, max);
  console.log(`Grundy's game single heaps 0..=${max}: ${s.toFixed(2)} s (${cpu.toFixed(2)} s CPU), ${r % 1000} P, ${Math.floor(r / 1000)} given up`);
}
for (const total of [40, 60]) {
  const [s, cpu, r] = time(e.grundy_triples, total);
  console.log(`Grundy's game three-heap sums, total <= ${total}: ${s.toFixed(2)} s (${cpu.toFixed(2)} s CPU), ${r} P`);
}
for (const heaps of [24, 30]) {
  const [s, cpu, r] = time(e.dawson_quotient, heaps);
  console.log(`0.07 misère quotient, heaps <= ${heaps}: |Q| = ${r}, ${s.toFixed(2)} s (${cpu.toFixed(2)} s CPU)`);
}
