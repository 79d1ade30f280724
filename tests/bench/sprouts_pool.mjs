// Benchmark (not a test): a Sprouts hint (value and every winning move) answered by the page's solver
// worker alone, then with the pool of solver workers (src/ui/solver_pool.rs), in headless Chromium.
// The pool's size follows the cores the browser reports, which each run sets; every run starts from a
// fresh browser profile (the shipped base only) and warms the workers with a small hint first; the
// two are run alternately.
// Prints how soon a cancel stops every worker, then wall times, positions searched, moves settled (a won position's search for more winning
// moves stops 4 s after the question: see src/worker/sprouts_job.rs), and the ratio pool / alone.
// Usage: node tests/bench/sprouts_pool.mjs [rounds, default 2] [query …, default the list below]
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const rounds = Number(process.argv[2] ?? 2);
const queries = process.argv.length > 3 ? process.argv.slice(3) : [
    'start=10', // normal, 10 spots
    // Misère play past the shipped form proof (the starts 9 to 12 are answered from it at once).
    'start=0*5%2B0*6&rules=misere',
    'start=0*6%2B0*6&rules=misere',
    // Lost: every child must be proven won, so no 4-s window cuts it and the wall time compares.
    'start=0*6%2B0*7&rules=misere',
];

const server = await serveDist();
const browser = await launchBrowser();

async function hint(query, cores) {
    const context = await browser.newContext();
    await context.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
    try {
        const page = await context.newPage();
        // A first question starts the workers (each reads the shipped base); the one measured comes
        // after, on the same page, as a player's next hint would.
        await page.goto(`${server.url}/sprouts?start=3&vs=human`);
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
        await page.waitForTimeout(3_000); // as a player looks at the hint: the pool's workers get ready
        await page.evaluate((url) => {
            window.history.pushState(null, '', url);
            window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/sprouts?${query}&vs=human`);
        await page.locator('#hint-verdict').waitFor({ state: 'detached' });
        await page.locator('#hint').waitFor();
        let most = 0;
        const sampler = setInterval(() => { most = Math.max(most, page.workers().length); }, 200);
        const started = Date.now();
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 3_600_000 });
        const seconds = (Date.now() - started) / 1000;
        clearInterval(sampler);
        const panel = await page.locator('.hint-panel').textContent();
        const searched = Number(panel.match(/(\d+) positions searched/)[1]);
        const moves = await page.locator('#children .child').count();
        const settled = await page.locator('#children .child.wins, #children .child.loses').count();
        return { seconds, searched, moves, settled, workers: most };
    } finally {
        await context.close();
    }
}

/// How long after Cancel every worker of a 2-worker pool has stopped searching (each reports its
/// searching jobs in its global `solverJobs`, see src/worker/slices.rs; polling them adds a few ms),
/// during a misère 11-spot hint.
async function cancelLatency() {
    const context = await browser.newContext();
    await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2 });
    });
    try {
        const page = await context.newPage();
        await page.goto(`${server.url}/sprouts?start=0*5%2B0*7&rules=misere&vs=human`);
        await page.click('#hint');
        await page.locator('.working', { hasText: 'by 2 workers' }).waitFor({ timeout: 120_000 });
        const workers = page.workers();
        const started = Date.now();
        await page.evaluate(() => document.getElementById('cancel').click());
        let running = 1;
        while (running > 0 && Date.now() - started < 10_000) {
            const jobs = await Promise.all(workers.map((w) => w.evaluate(() => self.solverJobs ?? 0)));
            running = jobs.reduce((a, b) => a + b, 0);
        }
        return Date.now() - started;
    } finally {
        await context.close();
    }
}

try {
    for (let round = 1; round <= rounds; round += 1) {
        console.log(`cancel, round ${round}: every worker stopped ${await cancelLatency()} ms after the click`);
    }
    for (const query of queries) {
        for (let round = 1; round <= rounds; round += 1) {
            const one = await hint(query, 1);
            const two = await hint(query, 2);
            for (const [name, run] of [['1 worker ', one], ['2 workers', two]]) {
                console.log(`${query} round ${round}, ${name}: ${run.seconds.toFixed(2)} s, ${run.searched} positions, `
                    + `${run.settled} of ${run.moves} moves settled, ${run.workers} workers seen`);
            }
            console.log(`${query} round ${round}: time ratio 2/1 = ${(two.seconds / one.seconds).toFixed(2)}, `
                + `positions ratio ${(two.searched / Math.max(1, one.searched)).toFixed(2)}`);
        }
    }
} finally {
    await browser.close();
    await server.close();
}
