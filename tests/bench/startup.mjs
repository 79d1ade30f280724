// Benchmark (not a test): how long the app takes to show a playable board, cold (a fresh browser
// profile: everything downloaded) and cached (the service worker installed: everything from its cache),
// and offline. Prints milliseconds from navigation to the first dot of /dots, median of 5.
// Usage: node tests/bench/startup.mjs
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const server = await serveDist();
const browser = await launchBrowser();
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timeToBoard(page) {
    const started = Date.now();
    await page.goto(`${server.url}/dots?n=20&vs=human`);
    await page.locator('.dot').first().waitFor();
    return Date.now() - started;
}
try {
    const cold = [];
    const cached = [];
    const offline = [];
    for (let run = 0; run < 5; run += 1) {
        const context = await browser.newContext();
        const page = await context.newPage();
        cold.push(await timeToBoard(page));
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
        cached.push(await timeToBoard(page));
        await context.setOffline(true);
        offline.push(await timeToBoard(page));
        await context.close();
    }
    console.log(`start-up to a playable board (median of 5): cold ${median(cold)} ms, cached ${median(cached)} ms, offline ${median(offline)} ms`);
} finally {
    await browser.close();
    await server.close();
}
