// End-to-end: a solver worker that dies in the middle of a question (src/ui/solver_bridge.rs,
// src/ui/solver_watch.rs). The test ends a worker from inside it, as a crash would, through the
// DevTools protocol (Playwright's `worker.evaluate`) — the release build has no way to make itself
// panic, and needs none. The page must say in plain words that the solver was restarted, stop the
// spinner, not ask the question again by itself, and answer the next question rightly (checked
// against the brute force in reference.mjs).
import { test } from 'node:test';
import fs from 'node:fs';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot } from './harness.mjs';
import { sproutsNimber } from './reference.mjs';

const env = useServerAndBrowser();

const RESTARTED = 'The solver stopped and was restarted; nothing stored was lost. You can ask again.';

/// Misère, lands of 5 and 7 spots: many seconds of search past the shipped base and form proof.
const LONG = 'start=0*5%2B0*7&rules=misere';

/// A fresh browser profile whose navigator reports `cores` cores, at `viewport`.
async function withCores(cores, viewport = { width: 1366, height: 768 }) {
    const context = await env.browser.newContext({ viewport, acceptDownloads: true });
    await context.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
    return context;
}

/// Goes to `query`'s Sprouts position inside the app (the workers stay).
async function goTo(page, query) {
    await page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/sprouts?${query}&vs=human`);
    await page.locator('#hint-verdict').waitFor({ state: 'detached' });
}

/// Ends a worker from inside, as a crash would: it stops answering at once.
const kill = (worker) => worker.evaluate(() => self.close());

/// Every move of the hint shown, with its mark.
const marks = (page) => page.locator('#children .child').evaluateAll((buttons) => buttons.map((b) => [
    b.querySelector('code').textContent,
    b.classList.contains('wins') ? 'wins' : b.classList.contains('loses') ? 'loses' : 'not examined',
]));

/// Asks the hint on 0*2 + 0*3 (normal play) and checks every move's mark against the brute force.
async function askSmallHintAndCheck(page) {
    const query = 'start=0*2%2B0*3';
    await goTo(page, query);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    const moves = await marks(page);
    assert.ok(moves.length > 0, 'the hint lists the moves');
    for (const [child, mark] of moves) {
        assert.equal(mark, sproutsNimber(child) === 0 ? 'wins' : 'loses', `${query}: the move to ${child}`);
    }
    const won = sproutsNimber('0*2+0*3') !== 0;
    assert.match(await page.locator('#hint-verdict').textContent(),
        won ? /player to move wins/ : /player to move loses/);
}

test('Watched worker: the solver dies during a hint; the page says it restarted, and the next hint is right', async () => {
    for (const [name, viewport] of [['wide', { width: 1024, height: 768 }], ['phone', { width: 390, height: 844 }]]) {
        const context = await withCores(1, viewport);
        const page = await openPage(context);
        await page.goto(`${env.url}/sprouts?${LONG}&vs=human`);
        await page.click('#hint');
        await page.locator('#cancel').waitFor({ timeout: 60_000 });
        const workers = page.workers();
        assert.equal(workers.length, 1, 'one core: the page\'s worker alone');
        await kill(workers[0]);
        // The question ends with the message (once the worker has not answered a ping for a while).
        const said = page.locator('#solver-error');
        await said.waitFor({ timeout: 60_000 });
        assert.equal(await said.textContent(), RESTARTED);
        assert.equal(await page.locator('#cancel').count(), 0, 'the spinner and its Cancel are gone');
        assert.equal(await page.locator('#hint-verdict').count(), 0, 'no answer is made up');
        await screenshot(page, `watched-worker-restarted-${name}`);
        // A new worker answers the next question, rightly; the one that died is not asked again.
        await askSmallHintAndCheck(page);
        assert.equal(page.workers().length, 1, 'the dead worker is replaced, not added to');
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});

/// Makes a worker spin forever, as a solver stuck in a loop would: it reads no message again. Resolves
/// once the worker is gone (ended from outside: nothing else ends it); fails if it is still there after
/// `ms`.
function stick(worker, ms = 120_000) {
    const gone = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the stuck worker was not ended within ${ms} ms`)), ms);
        worker.once('close', () => {
            clearTimeout(timer);
            resolve();
        });
    });
    // The loop runs as the worker's own task, as a stuck solver's would (a loop inside DevTools'
    // evaluation cannot be ended by `terminate()` until DevTools lets go of it).
    return worker.evaluate(() => { setTimeout(() => { for (;;) { /* stuck */ } }, 0); }).then(() => gone);
}

test('Watched worker: a solver stuck in a loop is ended, not only replaced, and the next hint is right', async () => {
    const context = await withCores(1);
    const page = await openPage(context);
    await page.goto(`${env.url}/sprouts?${LONG}&vs=human`);
    await page.click('#hint');
    await page.locator('#cancel').waitFor({ timeout: 60_000 });
    const workers = page.workers();
    assert.equal(workers.length, 1, 'one core: the page\'s worker alone');
    const gone = stick(workers[0]);
    // Silent past the watchdog's bound: the page says so, and the stuck worker is ended outright.
    const said = page.locator('#solver-error');
    await said.waitFor({ timeout: 60_000 });
    assert.equal(await said.textContent(), RESTARTED);
    await gone;
    await askSmallHintAndCheck(page);
    assert.equal(page.workers().length, 1, 'the stuck worker is gone, one worker left');
    assert.deepEqual(page.problems, []);
    await context.close();
});

/// On 2 cores, a long misère hint searched by the page's worker and one pool worker: the page, its
/// workers (the pool's second), and the pool's replacement warning to come.
async function longHintOnTwoWorkers() {
    const context = await withCores(2);
    const page = await openPage(context);
    const replaced = warningStartingWith(page, 'Restarting pool worker 1', 240_000);
    await page.goto(`${env.url}/sprouts?${LONG}&vs=human`);
    await page.click('#hint');
    await page.locator('.working', { hasText: 'by 2 workers' }).waitFor({ timeout: 120_000 });
    const workers = page.workers();
    assert.equal(workers.length, 2, 'the page\'s worker and one pool worker');
    return { context, page, replaced, workers };
}

test('Watched worker: a pool worker stuck in a loop is ended and replaced; the hint still comes', async () => {
    const { context, page, replaced, workers } = await longHintOnTwoWorkers();
    const gone = stick(workers[1]); // the pool worker was started second
    await replaced;
    await gone;
    await page.locator('#hint-verdict').waitFor({ timeout: 180_000 });
    assert.match(await page.locator('#hint-verdict').textContent(), /player to move wins/);
    await askSmallHintAndCheck(page);
    assert.equal(page.workers().length, 2, 'the page\'s worker and the new pool worker: the stuck one is gone');
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Watched worker: a pool worker that dies is replaced; the hint still comes and the pool helps again', async () => {
    const { context, page, replaced, workers } = await longHintOnTwoWorkers();
    // The pool worker was started second. It dies with a panic report, as the worker's panic hook
    // sends it (src/worker/panic_report.rs); if the page has not yet learned its name, its silence
    // gives it away instead.
    await workers[1].evaluate(() => {
        const channel = new BroadcastChannel('sprague-solver-panic');
        channel.postMessage({ worker: self.solverWorker, message: 'the solver panicked at a test' });
        self.close();
    });
    // The page's worker still answers the question (the pool only makes it sooner).
    await page.locator('#hint-verdict').waitFor({ timeout: 180_000 });
    assert.match(await page.locator('#hint-verdict').textContent(), /player to move wins/);
    assert.equal(await page.locator('#solver-error').count(), 0, 'the page\'s question was not ended');
    // The dead worker is replaced...
    await replaced;
    // ...and the next long question is searched by two workers again, each running a job.
    await goTo(page, 'start=0*6%2B0*6&rules=misere');
    await page.click('#hint');
    await page.locator('.working', { hasText: 'by 2 workers' }).waitFor({ timeout: 120_000 });
    const now = page.workers();
    assert.equal(now.length, 2, 'two workers again, the dead one gone');
    await page.locator('#hint-verdict').waitFor({ timeout: 180_000 });
    assert.match(await page.locator('#hint-verdict').textContent(), /player to move wins/);
    // The page goes on: a small hint, checked against the brute force.
    await askSmallHintAndCheck(page);
    assert.deepEqual(page.problems, []);
    await context.close();
});

/// Resolves with the first console warning that starts with `start`, or fails after `ms`.
function warningStartingWith(page, start, ms) {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no warning "${start}…" within ${ms} ms`)), ms);
        page.on('console', (message) => {
            if (message.type() === 'warning' && message.text().startsWith(start)) {
                clearTimeout(timer);
                resolve(message.text());
            }
        });
    });
}

test('Watched worker: a worker checking part of an import dies; the page\'s worker checks the file alone, rightly', async () => {
    const context = await withCores(2);
    const page = await openPage(context);
    // The app's own Sprouts export (a hint stores the base, from the shipped proof), with one nimber
    // changed: wrong, since a position has one nimber, so the import must be refused naming it.
    await page.goto(`${env.url}/sprouts?pos=0*3&vs=human`);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    await page.goto(`${env.url}/bases`);
    const row = page.locator('#bases tr', { hasText: 'Sprouts positions' });
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('.export-text').click()]);
    const lines = fs.readFileSync(await download.path(), 'utf8').split('\n');
    const at = lines.findIndex((l, i) => i > lines.length / 2 && /^\S{20,} 0$/.test(l));
    assert.ok(at > 0);
    const changed = lines[at].replace(/ 0$/, ' 1');
    const tampered = [...lines.slice(0, at), changed, ...lines.slice(at + 1)].join('\n');
    const beforeRows = await page.locator('#bases tbody tr').allTextContents();
    const gaveUp = warningStartingWith(page, 'A worker checking a part did not answer', 120_000);
    // Two cores: the page's worker checks part 0, a new worker part 1. That one dies as it starts.
    const [checker] = await Promise.all([
        page.waitForEvent('worker'),
        page.setInputFiles('#import-file', { name: 'tampered.txt', mimeType: 'text/plain', buffer: Buffer.from(tampered) }),
    ]);
    await kill(checker);
    await gaveUp;
    await page.locator('#import-report, #bases-error').first().waitFor({ timeout: 240_000 });
    const error = await page.locator('#bases-error').textContent();
    assert.match(error, /nothing was imported.*contradict the rules of Sprouts/);
    assert.ok(error.includes(`${changed.split(' ')[0]} nimber 1`), `names the changed entry: ${error}`);
    assert.deepEqual(await page.locator('#bases tbody tr').allTextContents(), beforeRows, 'nothing stored');
    assert.deepEqual(page.problems, []);
    await context.close();
});
