// Time the misère solvers compiled to wasm32 inside headless Chromium, in a Web Worker as the app runs
// them (see Cargo.toml next to this file):
//   node crates/engine/benches/misere_wasm/run-chromium.mjs <path to misere_wasm_bench.wasm> [chromium]
// The module is inlined in the worker run by ../chromium_worker.mjs. Browser timers are wall clock: run it
// on a quiet machine.
import { readFileSync } from 'node:fs';
import { runInWorker, wasmWorker } from '../chromium_worker.mjs';

const wasm = readFileSync(process.argv[2]).toString('base64');
const chromium = process.argv[3] ?? '/usr/bin/chromium';
const worker = wasmWorker(wasm, `
  const time = (f, arg) => { const t = performance.now(); const r = f(arg); return [(performance.now() - t) / 1000, r]; };
  for (const max of [60, 85]) {
    const [s, r] = time(e.grundy_heaps, max);
    postMessage(\`Grundy's game single heaps 0..=\${max}: \${s.toFixed(2)} s, \${r % 1000} P, \${Math.floor(r / 1000)} given up\`);
  }
  for (const total of [40, 60]) {
    const [s, r] = time(e.grundy_triples, total);
    postMessage(\`Grundy's game three-heap sums, total <= \${total}: \${s.toFixed(2)} s, \${r} P\`);
  }
  for (const heaps of [24, 30]) {
    const [s, r] = time(e.dawson_quotient, heaps);
    postMessage(\`0.07 misère quotient, heaps <= \${heaps}: |Q| = \${r}, \${s.toFixed(2)} s\`);
  }
`);
runInWorker(worker, 'misere-wasm', chromium);
