// Time the Sprouts searches compiled to wasm32 inside headless Chromium, in a Web Worker as the app runs
// them (see Cargo.toml next to this file): the n-spot starts 1..=max one after the other, each from an
// empty base, in normal play (the couple search; then 12..=max by the race of the couple search and the
// proof-number search, as the app's worker), then 1..=misère max in misère play (on simplest forms).
//   node crates/engine/benches/sprouts_wasm/run-chromium.mjs <path to sprouts_wasm_bench.wasm> [max n, 12] [chromium] [misère max n, 0]
// The module is inlined in the worker run by ../chromium_worker.mjs. Browser timers are wall clock: run it
// on a quiet machine.
import { readFileSync } from 'node:fs';
import { runInWorker, wasmWorker } from '../chromium_worker.mjs';

const wasm = readFileSync(process.argv[2]).toString('base64');
const max = Number(process.argv[3] ?? 12);
const chromium = process.argv[4] ?? '/usr/bin/chromium';
const misereMax = Number(process.argv[5] ?? 0);
const worker = wasmWorker(wasm, `
  for (let n = 1; n <= ${max}; n++) {
    const t = performance.now();
    const r = e.sprouts_start(n);
    const s = (performance.now() - t) / 1000;
    const outcome = r % 2 === 1 ? 'P' : 'N';
    postMessage(\`normal \${String(n).padStart(2)}  \${outcome}  \${s.toFixed(2)} s  \${Math.floor(r / 2)} nodes\`);
  }
  for (let n = 12; n <= ${max}; n++) {
    const t = performance.now();
    const r = e.sprouts_race_start(n);
    const s = (performance.now() - t) / 1000;
    const outcome = r % 2 === 1 ? 'P' : 'N';
    postMessage(\`race   \${String(n).padStart(2)}  \${outcome}  \${s.toFixed(2)} s  \${Math.floor(r / 2)} nodes\`);
  }
  for (let n = 1; n <= ${misereMax}; n++) {
    const t = performance.now();
    const r = e.sprouts_misere_start(n);
    const s = (performance.now() - t) / 1000;
    const outcome = r % 2 === 1 ? 'P' : 'N';
    postMessage(\`misère \${String(n).padStart(2)}  \${outcome}  \${s.toFixed(2)} s  \${Math.floor(r / 2)} nodes\`);
  }
`);
runInWorker(worker, 'sprouts-wasm', chromium);
