// Time the normal-play Sprouts search compiled to wasm32 inside headless Chromium, in a Web Worker as
// the app runs it (see Cargo.toml next to this file): the n-spot starts 1..=max one after the other,
// each from an empty base.
//   node crates/engine/benches/sprouts_wasm/run-chromium.mjs <path to sprouts_wasm_bench.wasm> [max n, 12] [chromium]
// The page is written to a temporary directory with the module inlined (no server needed); the worker
// posts each figure to the page, which logs it; Chromium's log on stderr is read for those lines.
// Browser timers are wall clock (performance.now()): run it on a quiet machine.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const wasm = readFileSync(process.argv[2]).toString('base64');
const max = Number(process.argv[3] ?? 12);
const chromium = process.argv[4] ?? '/usr/bin/chromium';
const worker = `
const bytes = Uint8Array.from(atob('${wasm}'), c => c.charCodeAt(0));
WebAssembly.instantiate(bytes, {}).then(({ instance }) => {
  const e = instance.exports;
  for (let n = 1; n <= ${max}; n++) {
    const t = performance.now();
    const r = e.sprouts_start(n);
    const s = (performance.now() - t) / 1000;
    const outcome = r % 2 === 1 ? 'P' : 'N';
    postMessage(\`normal \${String(n).padStart(2)}  \${outcome}  \${s.toFixed(2)} s  \${Math.floor(r / 2)} nodes\`);
  }
  postMessage('DONE');
});`;
const page = `<!doctype html><meta charset="utf-8"><script>
const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' })));
w.onmessage = m => console.log('BENCH ' + m.data);
w.onerror = e => console.log('BENCH error ' + e.message);
</script>`;
const dir = mkdtempSync(join(tmpdir(), 'sprouts-wasm-'));
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
