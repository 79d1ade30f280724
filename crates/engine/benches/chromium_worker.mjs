// Runs a benchmark's Web Worker script in headless Chromium and prints what it posts: the page is written
// to a temporary directory (no server needed), the worker posts each figure to the page, which logs it,
// and Chromium's log on stderr is read for those lines; the worker posts 'DONE' at the end.
// Browser timers are wall clock (performance.now()): run benchmarks on a quiet machine.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/// `worker` is the worker's source; `name` names the temporary directory.
export function runInWorker(worker, name, chromium = '/usr/bin/chromium') {
    const page = `<!doctype html><meta charset="utf-8"><script>
const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' })));
w.onmessage = m => console.log('BENCH ' + m.data);
w.onerror = e => console.log('BENCH error ' + e.message);
</script>`;
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    writeFileSync(join(dir, 'bench.html'), page);
    const browser = spawn(chromium, [
        '--headless', '--no-sandbox', '--disable-gpu', '--enable-logging=stderr', '--v=0',
        `--user-data-dir=${join(dir, 'profile')}`, '--remote-debugging-port=0', `file://${join(dir, 'bench.html')}`,
    ]);
    let buffered = '';
    browser.stderr.on('data', (chunk) => {
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
}

/// A worker prelude that instantiates the base64 wasm module `wasm` and calls `body` (source text using
/// `e`, the module's exports).
export function wasmWorker(wasm, body) {
    return `
const bytes = Uint8Array.from(atob('${wasm}'), c => c.charCodeAt(0));
WebAssembly.instantiate(bytes, {}).then(({ instance }) => {
  const e = instance.exports;
${body}
  postMessage('DONE');
});`;
}
