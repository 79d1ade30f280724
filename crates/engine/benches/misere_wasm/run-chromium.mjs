// Time the misère solvers compiled to wasm32 inside headless Chromium, in a Web Worker as the app runs
// them (see Cargo.toml next to this file):
//   node crates/engine/benches/misere_wasm/run-chromium.mjs <path to misere_wasm_bench.wasm> [chromium]
// The page is written to a temporary directory with the module inlined (no server needed); the worker
// posts each figure to the page, which logs it; Chromium's log on stderr is read for those lines.
// Browser timers are wall clock (performance.now()): run it on a quiet machine.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const wasm = readFileSync(process.argv[2]).toString('base64');
const chromium = process.argv[3] ?? '/usr/bin/chromium';
const worker = `
const bytes = Uint8Array.from(atob('${wasm}'), c => c.charCodeAt(0));
WebAssembly.instantiate(bytes, {}).then(({ instance }) => {
  const e = instance.exports;
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
  postMessage('DONE');
});`;
const page = `<!doctype html><meta charset="utf-8"><script>
const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' })));
w.onmessage = m => console.log('BENCH ' + m.data);
w.onerror = e => console.log('BENCH error ' + e.message);
</script>`;
const dir = mkdtempSync(join(tmpdir(), 'misere-wasm-'));
writeFileSync(join(dir, 'bench.html'), page);
const browser = spawn(chromium, [
  '--headless', '--no-sandbox', '--disable-gpu', '--enable-logging=stderr', '--v=0',
  `--user-data-dir=${join(dir, 'profile')}`, '--remote-debugging-port=0', `file://${join(dir, 'bench.html')}`,
]);
let buffered = '';
browser.stderr.on('data', chunk => {
  buffered += chunk;
  let at;
  while ((at = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    const m = line.match(/BENCH (.*?)"/);
    if (!m) continue;
    if (m[1] === 'DONE') { browser.kill(); return; }
    console.log(m[1]);
  }
});
browser.on('exit', () => process.exit(0));
