// Benchmark (not a test): the hint on the misère n-spot starts as a user asks it, in headless
// Chromium with the real solver workers (a fresh profile: the shipped base and form proof only).
// Prints, per start, the time from the click to the verdict, the verdict, and how many moves were
// marked winning, losing or not examined. Compare builds with SPRAGUE_DIST=<dist> node …
// Usage: node tests/bench/sprouts_misere_hints.mjs [first spots, default 9] [last spots, default 13]
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const first = Number(process.argv[2] ?? 9);
const last = Number(process.argv[3] ?? 13);

const server = await serveDist();
const browser = await launchBrowser();
try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    for (let n = first; n <= last; n += 1) {
        await page.goto(`${server.url}/sprouts?start=${n}&rules=misere&vs=human`);
        const started = Date.now();
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 3_600_000 });
        const seconds = (Date.now() - started) / 1000;
        const verdict = await page.locator('#hint-verdict').textContent();
        const marks = await page.locator('#children .child').evaluateAll((buttons) => buttons.map((b) => (
            b.classList.contains('wins') ? 'wins' : b.classList.contains('loses') ? 'loses' : 'open')));
        const count = (mark) => marks.filter((m) => m === mark).length;
        console.log(`misère ${n} spots: ${seconds.toFixed(2)} s to the verdict "${verdict}"; moves: `
            + `${count('wins')} win, ${count('loses')} lose, ${count('open')} not examined`);
    }
    await context.close();
} finally {
    await browser.close();
    await server.close();
}
