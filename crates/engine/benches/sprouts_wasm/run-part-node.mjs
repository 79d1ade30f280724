// Time one part of the check of a Sprouts base compiled to wasm32, in Node's V8, as one worker of the
// app's pool does it (src/ui/check_pool.rs): read the file checking its share of the keys, then check its
// part of the entries. Prints the two phases' wall and CPU time; the sum over the parts against the whole
// check (run-check-node.mjs) shows what splitting costs.
//   node crates/engine/benches/sprouts_wasm/run-part-node.mjs <sprouts_wasm_bench.wasm> [part] [parts] [base file]
import { readFileSync } from 'node:fs';

const [wasmPath, part = '0', parts = '2', basePath] = process.argv.slice(2);
const wasm = readFileSync(wasmPath);
const bytes = readFileSync(basePath ?? new URL('../../../../tests/data/sprouts-base-80k.bin', import.meta.url));
const { instance } = await WebAssembly.instantiate(wasm, {});
const e = instance.exports;

/// Runs `work`, printing its wall and CPU seconds; returns its result.
function timed(what, work) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = work();
    const cpu = process.cpuUsage(cpuBefore);
    console.log(`${what}: ${result} — ${((performance.now() - started) / 1000).toFixed(2)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`);
    return result;
}

const at = e.alloc_bytes(bytes.length);
new Uint8Array(e.memory.buffer, at, bytes.length).set(bytes);
timed(`read, checking share ${part} of ${parts} of the keys (entries)`, () => e.read_share(at, bytes.length, Number(part), Number(parts)));
timed(`check of part ${part} of ${parts} (entries examined, -1 if not all right)`, () => e.check_part(Number(part), Number(parts)));
