// Benchmark (not a test): Node Kayles questions (nimber and every winning move, or the misère outcome)
// answered by the real solver worker in headless Chromium, as a user asks for a hint, each graph in a fresh
// page (a fresh worker and solver). The same graphs as `sprague graph bench`, for the wasm/native ratio.
// Usage: node tests/bench/graph_worker.mjs [misere]
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const misere = process.argv[2] === 'misere';
const presets = ['grid_4x4', 'grid_5x5', 'grid_6x6', 'petersen', 'cycle_40'];
for (const n of [30, 40]) {
    for (const density of [0.05, 0.1, 0.2, 0.3, 0.5]) presets.push(`random_${n}_${density}_1`);
}

const server = await serveDist();
const browser = await launchBrowser();
try {
    const context = await browser.newContext();
    for (const preset of presets) {
        const page = await context.newPage();
        await page.goto(`${server.url}/graph?preset=${preset}&vs=human${misere ? '&rules=misere' : ''}`);
        await page.locator('.graph-board .vertex').first().waitFor();
        const started = Date.now();
        await page.click('#hint');
        await page.locator('#graph-verdict, #solver-error').first().waitFor({ timeout: 3_600_000 });
        const seconds = (Date.now() - started) / 1000;
        const verdict = await page.locator('#graph-verdict, #solver-error').first().textContent();
        const winning = await page.locator('.graph-board .vertex.hint').count();
        console.log(`worker (wasm, Chromium): ${misere ? 'misère' : 'normal'} ${preset.padEnd(18)} `
            + `${seconds.toFixed(3).padStart(8)} s  ${winning} winning  ${verdict.slice(0, 70)}`);
        await page.close();
    }
    await context.close();
} finally {
    await browser.close();
    await server.close();
}
