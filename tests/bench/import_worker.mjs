// Benchmark (not a test): importing a large Sprouts base (every entry checked against the rules by the
// worker) on the Bases page in headless Chromium, from a fresh browser profile. Prints the wall time, the
// report and how many workers checked it (a pool of one per core, see src/ui/check_pool.rs).
// Usage: node tests/bench/import_worker.mjs [file] — by default tests/data/sprouts-base-80k.bin (79,923
// entries: the size issue 18's goal names); `dist/sprouts-base.bin` for the base shipped now.
import fs from 'node:fs';
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const server = await serveDist();
const browser = await launchBrowser();
try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/bases`);
    await page.locator('#no-bases, #bases').first().waitFor();
    const file = process.argv[2] ?? new URL('../data/sprouts-base-80k.bin', import.meta.url);
    const shipped = fs.readFileSync(file);
    const started = Date.now();
    await page.setInputFiles('#import-file', { name: 'sprouts-base.bin', mimeType: 'application/octet-stream', buffer: shipped });
    // The pool's workers (beside the page's own solver worker) while the check runs.
    let most = 0;
    const sampler = setInterval(() => { most = Math.max(most, page.workers().length); }, 200);
    await page.locator('#import-report, #bases-error').first().waitFor({ timeout: 3_600_000 });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`cores the browser reports: ${cores}; most workers at once: ${most}; workers after: ${page.workers().length}`);
    const text = await page.locator('#import-report, #bases-error').first().textContent();
    console.log(`import of ${file} (${shipped.length} bytes) in the worker: ${seconds.toFixed(1)} s — ${text}`);
    await context.close();
} finally {
    await browser.close();
    await server.close();
}
