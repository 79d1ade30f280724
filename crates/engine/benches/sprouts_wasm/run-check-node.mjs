// Time the complete check of a Sprouts base (the import's check, all of it on one thread) compiled to
// wasm32, in Node's V8 (the engine Chromium runs the app's workers on). Prints wall and CPU time: the CPU
// time holds on a busy machine, where the browser benchmark's wall time does not.
//   node crates/engine/benches/sprouts_wasm/run-check-node.mjs <path to sprouts_wasm_bench.wasm> [base file]
// The base file defaults to tests/data/sprouts-base-80k.bin (79,923 entries, issue 18's size).
import { readFileSync } from 'node:fs';

const wasm = readFileSync(process.argv[2]);
const bytes = readFileSync(process.argv[3] ?? new URL('../../../../tests/data/sprouts-base-80k.bin', import.meta.url));
const { instance } = await WebAssembly.instantiate(wasm, {});
const e = instance.exports;
const at = e.alloc_bytes(bytes.length);
new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const entries = e.check_base_bytes(at, bytes.length);
const cpu = process.cpuUsage(cpuBefore);
const verdict = entries < 0 ? 'not all right' : `${entries} entries, all right`;
console.log(`check of ${bytes.length} bytes (${verdict}): ${((performance.now() - started) / 1000).toFixed(2)} s wall, ` +
    `${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`);
