// Time the heap-sequence engine compiled to wasm32 (see Cargo.toml next to this file).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const path = process.argv[2];
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const e = instance.exports;
const names = ['4!.0 (Grundy)', '0.6 (Officers)', '0.77 (Kayles)'];
// Wall time, and CPU time of this process (less sensitive to other jobs on a shared machine).
function time(f, ...args) {
  const t = performance.now();
  const c = process.cpuUsage();
  const r = f(...args);
  const cpu = process.cpuUsage(c);
  time.cpu = (cpu.user + cpu.system) / 1e6;
  return [(performance.now() - t) / 1000, r];
}
for (const [id, exp] of [[0, 20], [1, 21]]) {
  const n = 2 ** exp;
  const [s, sum] = time(e.rare_common, id, n);
  console.log(`${names[id]} to 2^${exp}: ${s.toFixed(3)} s (${time.cpu.toFixed(3)} s CPU), ${(n / s).toExponential(3)} values/s (checksum ${sum >>> 0})`);
}
console.log(`Grundy max value below 2^20: ${e.max_value(0, 2 ** 20)}`);
for (const id of [0, 1, 2]) {
  const n = 2 ** 16;
  const [sp, a] = time(e.plain, id, n);
  const [sr, b] = time(e.rare_common, id, n);
  console.log(`${names[id]} to 2^16: plain ${sp.toFixed(3)} s, rare/common ${sr.toFixed(4)} s: ${(sp / sr).toFixed(1)}x (${a === b ? 'identical' : 'DIFFERENT'})`);
}
