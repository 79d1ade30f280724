// End-to-end: the pool of solver workers that helps the page's worker with a Sprouts hint
// (src/ui/solver_pool.rs). Its size follows the cores the browser reports, which each test sets. The
// hints with 1, 2 and 4 workers must be the same — verdict and the win/lose mark of every move — and
// the marks are checked against a separately written brute force (tests/e2e/reference.mjs) where it
// is fast enough; a cancel stops every worker. The 4-worker pass runs only with SPRAGUE_E2E_SLOW=1
// (scripts/test-slow): on a 2-core machine it is the slowest part and adds nothing the 2-worker pass
// does not check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot } from './harness.mjs';
import { sproutsNimber } from './reference.mjs';

const env = useServerAndBrowser();

/// A misère position past the shipped form proof whose hint takes seconds of search.
const SEARCHED = 'start=0*6%2B0*6&rules=misere';

/// A fresh browser profile (only the shipped base) whose navigator reports `cores` cores.
async function withCores(cores) {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
    return context;
}

/// The hint on `query`'s position, reached inside the app (not reloaded: the workers and their bases
/// stay, as in a game): its verdict, every move with its mark, and the line under it.
async function hint(page, query) {
    await page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/sprouts?${query}&vs=human`);
    await page.locator('#hint-verdict').waitFor({ state: 'detached' });
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 180_000 });
    const moves = await page.locator('#children .child').evaluateAll((buttons) => buttons.map((b) => [
        b.querySelector('code').textContent,
        b.classList.contains('wins') ? 'wins' : b.classList.contains('loses') ? 'loses' : 'not examined',
    ]));
    return {
        verdict: await page.locator('#hint-verdict').textContent(),
        moves,
        line: await page.locator('.hint-panel .muted').last().textContent(),
    };
}

test('Sprouts pool: 1, 2 and 4 workers give the same hints, and the marks agree with a brute force', async () => {
    // [query, checked by the brute force, searched long enough for the pool to join in]
    const positions = [
        // Normal play, small enough for the brute force (answered from the shipped base).
        ['start=0*4', true, false],
        ['start=0*2%2B0*3', true, false],
        // Normal play: a won position of 34 moves, every one settled (seconds of search).
        ['start=0*8.1a1a', false, true],
        // Misère play (published: 6 spots W, 9 spots L, 10 spots W), searched on simplest forms;
        // 9 and 10 are answered from the shipped form proof, every move marked.
        ['start=6&rules=misere', false, false],
        ['start=0*3%2B0*4&rules=misere', false, false],
        ['start=9&rules=misere', false, false],
        ['start=10&rules=misere', false, false],
        // Misère, two 6-spot lands: past the proof, seconds of search. The search for more winning
        // moves stops after a few seconds, so only the moves settled by both are compared.
        [SEARCHED, false, true],
    ];
    const answers = new Map();
    for (const cores of process.env.SPRAGUE_E2E_SLOW === '1' ? [1, 2, 4] : [1, 2]) {
        const context = await withCores(cores);
        const page = await openPage(context);
        await page.goto(`${env.url}/sprouts?start=3&vs=human`);
        for (const [query, brute, long] of positions) {
            const answer = await hint(page, query);
            const what = `${query}, ${cores} workers`;
            if (long && cores > 1) assert.match(answer.line, new RegExp(`by ${cores} workers`), what);
            if (cores === 1) {
                answers.set(query, answer);
                assert.doesNotMatch(answer.line, /by \d+ workers/, what);
                if (brute) {
                    for (const [child, mark] of answer.moves) {
                        const expected = sproutsNimber(child) === 0 ? 'wins' : 'loses';
                        assert.equal(mark, expected, `${query}: the move to ${child}`);
                    }
                }
                continue;
            }
            const one = answers.get(query);
            const outcome = (verdict) => verdict.split(':')[0]; // who wins; then how many moves were seen
            assert.equal(outcome(answer.verdict), outcome(one.verdict), what);
            assert.deepEqual(answer.moves.map(([child]) => child), one.moves.map(([child]) => child), what);
            const settled = answer.moves.filter(([, mark], i) => mark !== 'not examined'
                && one.moves[i][1] !== 'not examined');
            for (const [child, mark] of settled) {
                assert.equal(mark, one.moves.find(([c]) => c === child)[1], `${what}: the move to ${child}`);
            }
            if (query !== SEARCHED) {
                assert.equal(answer.verdict, one.verdict, what);
                assert.deepEqual(answer.moves, one.moves, what);
            }
        }
        if (cores === 2) await screenshot(page, 'sprouts-pool-hint');
        assert.deepEqual(page.problems, []);
        await context.close();
    }
    assert.match(answers.get('start=6&rules=misere').verdict, /player to move wins/);
    assert.match(answers.get('start=9&rules=misere').verdict, /player to move loses/);
    assert.match(answers.get('start=10&rules=misere').verdict, /player to move wins/);
    // From the proof every move of the misère 9- and 10-spot starts is marked, none left unexamined;
    // a winning one exactly on the won start (whose marks the sprouts tests check move by move).
    for (const [query, won] of [['start=9&rules=misere', false], ['start=10&rules=misere', true]]) {
        const marks = answers.get(query).moves.map(([, mark]) => mark);
        assert.ok(marks.length > 0 && !marks.includes('not examined'), query);
        assert.equal(marks.includes('wins'), won, query);
    }
    assert.match(answers.get(SEARCHED).verdict, /player to move wins/);
});

// The timeout only keeps a worker that never stops from hanging the run.
test('Sprouts pool: the helpers\' work shows in the progress, and a cancel stops every worker', { timeout: 600_000 }, async () => {
    const context = await withCores(2);
    const page = await openPage(context);
    // Misère, lands of 5 and 7 spots: won at once, then many seconds of search for more winning
    // moves, past the shipped base and form proof.
    await page.goto(`${env.url}/sprouts?start=0*5%2B0*7&rules=misere&vs=human`);
    await page.click('#hint');
    await page.locator('.working', { hasText: 'by 2 workers' }).waitFor({ timeout: 120_000 });
    const workers = page.workers();
    assert.equal(workers.length, 2, 'the page\'s worker and one pool worker');
    const running = () => Promise.all(workers.map((w) => w.evaluate(() => self.solverJobs ?? 0)));
    assert.ok((await running()).every((jobs) => jobs === 1), 'both workers are searching');
    // Each worker's count of jobs (its global `solverJobs`, src/worker/slices.rs) is watched from
    // inside the worker: the wait ends when the worker itself writes 0, not when a poll looks.
    const stopped = workers.map((w) => w.evaluate(() => new Promise((resolve) => {
        let jobs = self.solverJobs ?? 0;
        if (jobs === 0) return resolve(0);
        Object.defineProperty(self, 'solverJobs', {
            configurable: true,
            get: () => jobs,
            set: (value) => {
                jobs = value;
                if (value === 0) resolve(0);
            },
        });
    })));
    await page.click('#cancel');
    // The search stopped because of the cancel (the page's worker answered so; a search that ended
    // on its own would show its verdict), and every worker stops (the cancel's speed is measured by
    // tests/bench/sprouts_pool.mjs, not here).
    await page.locator('#solver-error', { hasText: 'The search was cancelled' }).waitFor();
    assert.equal(await page.locator('#hint-verdict').count(), 0, 'no verdict: the search did not end on its own');
    assert.deepEqual(await Promise.all(stopped), [0, 0], 'no job runs in any worker after the cancel');
    // The page goes on: the next question is answered.
    const answer = await hint(page, 'start=6&rules=misere');
    assert.match(answer.verdict, /player to move wins/);
    assert.deepEqual(page.problems, []);
    await context.close();
});
