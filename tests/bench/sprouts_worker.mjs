// Benchmark (not a test): the n-spot Sprouts starts solved by the real solver worker in headless Chromium,
// as a user asks for a hint, from an empty base (each n sequentially in one fresh browser context, so later
// starts reuse what earlier ones stored, as the native benchmark does). Prints wall time per n. In misère
// play the starts 9 to 13 are answered from the shipped form proof (tests/bench/sprouts_misere_hints.mjs).
// Usage: node tests/bench/sprouts_worker.mjs [max spots, default 6] [misere]
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const maxSpots = Number(process.argv[2] ?? 6);
const misere = process.argv[3] === 'misere';

const server = await serveDist();
const browser = await launchBrowser();
try {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (let n = 1; n <= maxSpots; n += 1) {
        await page.goto(`${server.url}/sprouts?start=${n}&vs=human${misere ? '&rules=misere' : ''}`);
        const started = Date.now();
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 3_600_000 });
        const seconds = (Date.now() - started) / 1000;
        const verdict = await page.locator('#hint-verdict').textContent();
        const searched = (await page.locator('.hint-panel .muted').textContent()).match(/(\d+) positions searched/)[1];
        console.log(`worker (wasm, Chromium): ${misere ? 'misère' : 'normal'} ${n} spots: ${seconds.toFixed(2)} s `
            + `(${searched} positions searched; ${/wins/.test(verdict) ? 'N' : 'P'})`);
    }
    await context.close();
} finally {
    await browser.close();
    await server.close();
}
