// Benchmark (not a test): the nim sequences computed by the real solver worker in headless Chromium,
// in its slices with progress posts, as a user gets them. Prints wall time per run; run by scripts/bench.
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const runs = [
    ['grundy', 'Grundy\'s game (4!.0)', 2 ** 20],
    ['dots', 'independence game (0.137)', 2 ** 20],
];

const server = await serveDist();
const browser = await launchBrowser();
try {
    for (const [page_name, label, values] of runs) {
        // A fresh context each run: empty IndexedDB, so nothing is answered from a base.
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${server.url}/${page_name}`);
        await page.fill('#heap-size', String(values - 1));
        await page.click('#compute');
        await page.locator('#answer').waitFor({ timeout: 600_000 });
        const source = await page.locator('#source').textContent();
        const match = source.match(/Computed in ([\d.]+) (ms|s)/);
        const seconds = match[2] === 'ms' ? Number(match[1]) / 1000 : Number(match[1]);
        console.log(`worker (wasm, Chromium): ${label} to 2^${Math.log2(values)}: ${seconds.toFixed(2)} s, `
            + `${(values / seconds).toExponential(3)} values/s`);
        await context.close();
    }
} finally {
    await browser.close();
    await server.close();
}
