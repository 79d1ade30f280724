// Benchmark (not a test): importing a large Sprouts base (every entry checked against the rules by the
// worker) on the Bases page in headless Chromium, from a fresh browser profile. Prints the wall time, the
// report and how many workers checked it (a pool of one per core, see src/ui/check_pool.rs), and the CPU
// time the browser's processes (and this script) spent meanwhile (which, unlike the wall time, holds on a busy machine).
// Usage: node tests/bench/import_worker.mjs [file] — by default tests/data/sprouts-base-80k.bin (79,923
// entries: the size issue 18's goal names); `dist/sprouts-base.bin` for the base shipped now.
import fs from 'node:fs';
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

/// CPU seconds (user + system) spent so far by a process and all its descendants, from /proc (Linux).
function treeCpuSeconds(rootPid) {
    const stats = new Map();
    for (const name of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(name)) continue;
        try {
            const text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
            // After the command's closing parenthesis: state, ppid, ... utime (14th field), stime (15th).
            const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
            stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
        } catch { /* the process ended meanwhile */ }
    }
    let ticks = 0;
    const inTree = (pid) => {
        for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === rootPid) return true;
        return false;
    };
    for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
    return ticks / 100; // USER_HZ
}

const server = await serveDist();
const browser = await launchBrowser();
try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/bases`);
    await page.locator('#no-bases, #bases').first().waitFor();
    const file = process.argv[2] ?? new URL('../data/sprouts-base-80k.bin', import.meta.url);
    const shipped = fs.readFileSync(file);
    // Chromium runs as this script's child: the tree counts the browser, its workers and the server.
    // The moment the report appears, taken in the page by an observer (Playwright's waitFor polls
    // every 500 ms, too coarse for the figure).
    await page.evaluate(() => {
        const seen = () => document.querySelector('#import-report, #bases-error');
        new MutationObserver((_, observer) => {
            if (seen()) {
                window.importEndedAt = Date.now();
                observer.disconnect();
            }
        }).observe(document.body, { childList: true, subtree: true });
    });
    const cpuBefore = treeCpuSeconds(process.pid);
    const started = Date.now();
    await page.setInputFiles('#import-file', { name: 'sprouts-base.bin', mimeType: 'application/octet-stream', buffer: shipped });
    // The pool's workers (beside the page's own solver worker) while the check runs.
    let most = 0;
    const sampler = setInterval(() => { most = Math.max(most, page.workers().length); }, 200);
    await page.locator('#import-report, #bases-error').first().waitFor({ timeout: 3_600_000 });
    const seconds = ((await page.evaluate(() => window.importEndedAt)) - started) / 1000;
    const cpu = treeCpuSeconds(process.pid) - cpuBefore;
    clearInterval(sampler);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`cores the browser reports: ${cores}; most workers at once: ${most}; workers after: ${page.workers().length}`);
    const text = await page.locator('#import-report, #bases-error').first().textContent();
    console.log(`import of ${file} (${shipped.length} bytes) in the worker: ${seconds.toFixed(2)} s (CPU of the browser and this script: ${cpu.toFixed(1)} s) — ${text}`);
    await context.close();
} finally {
    await browser.close();
    await server.close();
}
