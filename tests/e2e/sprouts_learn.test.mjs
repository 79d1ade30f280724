// End-to-end: the Sprouts search view (/learn/sprouts) and the proof graph (/learn/proof) in the release
// build. Values on screen are checked against published facts (normal-play nimbers of the n-spot starts
// 0 0 1 1 1 0 for n = 1..6; misère outcomes W L L L W W; ⌊(n−1)/2⌋ + 2 distinct first moves for n ≥ 2), tiny
// positions and every child shown for them against the plain brute force of reference.mjs, and
// each answer against its own children by the mex rule (the position's nimber is the least value no child
// has; it is won exactly when some child is lost). The proof graph's drawn couples and links are counted
// against the downloaded .dot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, openPage, screenshot, artifacts } from './harness.mjs';
import { sproutsNimber } from './reference.mjs';

const app = useApp({ viewport: { width: 1100, height: 900 }, acceptDownloads: true });

const START_NIMBERS = [0, 0, 1, 1, 1, 0];
const MISERE_WINS = [true, false, false, false, true, true];

function noProblems(page) {
    assert.deepEqual(page.problems, [], 'no console errors, page errors or CSP violations');
}

async function answerOf(page, path) {
    await page.goto(`${app.url}${path}`);
    await page.waitForSelector('#sprouts-answer, #learn-error', { timeout: 120_000 });
    assert.deepEqual(await page.locator('#learn-error').allTextContents(), [], `no error on ${path}`);
    const answer = page.locator('#sprouts-answer');
    const children = await page.locator('#children-table tbody tr').evaluateAll((rows) =>
        rows.map((r) => ({ position: r.dataset.child, nimber: r.dataset.nimber, wins: r.dataset.wins === 'true' })));
    return {
        outcome: await answer.getAttribute('data-outcome'),
        nimber: await answer.getAttribute('data-nimber'),
        children,
    };
}

const mex = (values) => {
    let m = 0;
    while (values.includes(m)) m += 1;
    return m;
};

test('search view: the starts answer the published values, and agree with their children', async () => {
    const page = await openPage(app.context);
    for (let n = 1; n <= 6; n += 1) {
        const base = n <= 5 ? 'fresh' : 'shared';
        const got = await answerOf(page, `/learn/sprouts?pos=0*${n}&rules=normal&base=${base}`);
        assert.equal(Number(got.nimber), START_NIMBERS[n - 1], `${n} spots: nimber`);
        assert.equal(got.outcome, START_NIMBERS[n - 1] === 0 ? 'P' : 'N');
        if (n >= 2) assert.equal(got.children.length, Math.floor((n - 1) / 2) + 2, `${n} spots: distinct first moves`);
        const values = got.children.map((c) => Number(c.nimber));
        assert.equal(mex(values), Number(got.nimber), `${n} spots: the nimber is the mex of the children's`);
        for (const child of got.children) assert.equal(child.wins, child.nimber === '0');
        if (n === 5) await screenshot(page, 'sprouts-learn-children');
    }
    // A number of spots is accepted as well as 0*n, and a position that is not a start.
    const three = await answerOf(page, '/learn/sprouts?pos=3&base=fresh');
    assert.equal(three.nimber, '1');
    const small = await answerOf(page, '/learn/sprouts?pos=0.1a2a&base=fresh');
    assert.equal(mex(small.children.map((c) => Number(c.nimber))), Number(small.nimber));
    noProblems(page);
    await page.close();
});

test('search view: tiny positions and their children match a plain brute force', async () => {
    const page = await openPage(app.context);
    for (const position of ['0*2', '0*3', '0.1a2a', '0*2.1a1a', '0.AB|AB']) {
        const got = await answerOf(page, `/learn/sprouts?pos=${encodeURIComponent(position)}&base=fresh`);
        assert.equal(Number(got.nimber), sproutsNimber(position), `${position}: nimber`);
        for (const child of got.children) {
            assert.equal(Number(child.nimber), sproutsNimber(child.position), `${position} -> ${child.position}`);
        }
    }
    noProblems(page);
    await page.close();
});

test('search view: misère outcomes of the starts', async () => {
    const page = await openPage(app.context);
    for (let n = 1; n <= 6; n += 1) {
        const base = n <= 4 ? 'fresh' : 'shared';
        const got = await answerOf(page, `/learn/sprouts?pos=0*${n}&rules=misere&base=${base}`);
        assert.equal(got.outcome, MISERE_WINS[n - 1] ? 'N' : 'P', `${n} spots misère`);
        assert.equal(got.outcome === 'N', got.children.some((c) => c.wins), `${n} spots: won iff a child is lost`);
        assert.equal(got.nimber, '');
    }
    noProblems(page);
    await page.close();
});

test('search view: levels, pause, steering, resume', async () => {
    const page = await openPage(app.context);
    // 8 spots: the largest start under 12 whose search is long enough to pause (about 10,000 positions).
    await page.goto(`${app.url}/learn/sprouts?pos=0*8&rules=normal&base=fresh`);
    // The search moves on between seeing a level with children to try and the pause taking effect (the
    // worker reads messages between slices of work), so a pause can land where only the root level is
    // left. Each round waits on the worker's own reports: paused (its answer to Pause) or, after a
    // resume, a report that has moved on; the rounds end when a pause holds a level to steer, or fail
    // when the search ends without one.
    const readLevels = () => page.locator('#levels > li').evaluateAll((items) =>
        items.map((li) => ({
            kind: li.dataset.kind,
            position: li.dataset.position,
            unknown: Number(li.dataset.unknown),
            steerable: li.dataset.kind === 'couple' && li.querySelector('button.chip') !== null
                && !(li.querySelector('.chip-computing')?.textContent ?? '').trim().startsWith('*'),
        })));
    const nodesShown = () => page.locator('#search-nodes').textContent();
    let levels = [];
    let pausedNodes;
    for (let round = 1; ; round += 1) {
        await page.waitForSelector('#levels li[data-kind="couple"] button.chip', { timeout: 60_000 });
        await page.click('#search-pause');
        await page.waitForSelector('#search-status[data-paused="true"]');
        levels = await readLevels();
        pausedNodes = await nodesShown();
        if (levels.length >= 2 && levels.some((level) => level.steerable)) break;
        await page.click('#search-pause');
        await page.waitForFunction((nodes) => {
            const status = document.querySelector('#search-status');
            return !status || (status.dataset.paused === 'false'
                && document.querySelector('#search-nodes')?.textContent !== nodes);
        }, pausedNodes, { timeout: 60_000 });
        assert.equal(await page.locator('#sprouts-answer').count(), 0, `the search ended before a pause held a level to steer (${round} rounds)`);
    }
    assert.ok(levels.length >= 2, 'the search has several levels');
    // The root level is the position being searched: the start, or — if its value came before the pause —
    // the child whose value is being sought for the table of moves.
    const phase = await page.locator('#search-phase').textContent();
    const searched = /Child \d+ of \d+: (\S+)/.exec(phase)?.[1] ?? '0*8';
    assert.equal(levels[0].position, searched, `the root level is the position searched (${phase})`);
    // The colours follow the unknown counts: red for one child left, green for at most four.
    for (const li of await page.locator('#levels > li[data-kind="couple"]').all()) {
        const unknown = Number(await li.getAttribute('data-unknown'));
        const cls = await li.getAttribute('class');
        if (unknown === 1) assert.match(cls, /level-red/);
        else if (unknown <= 4) assert.match(cls, /level-green/);
        else assert.match(cls, /level-plain/);
    }
    await screenshot(page, 'sprouts-learn-levels');
    // Steer: a child to try at the deepest couple level that is not trying its heap moves (those come
    // first and cannot be steered) becomes the one computed.
    let chip = null;
    for (const li of (await page.locator('#levels > li[data-kind="couple"]').all()).reverse()) {
        const computing = (await li.locator('.chip-computing').allTextContents())[0] ?? '';
        if (computing.trim().startsWith('*')) continue;
        if (await li.locator('button.chip').count() === 0) continue;
        chip = li.locator('button.chip').last();
        break;
    }
    assert.ok(chip, 'a level has a child to steer to');
    const level = await chip.getAttribute('data-level');
    const title = (await chip.getAttribute('title')).split(' — ')[0];
    await chip.click();
    await page.waitForSelector('#steer-note');
    assert.match(await page.locator('#steer-note').textContent(), /chosen child is computed now/);
    const computing = page.locator(`#levels li[data-level="${level}"] .chip-computing`);
    assert.equal((await computing.getAttribute('title')).split(' — ')[0], title, 'the chosen child is computed now');
    assert.equal(await page.locator('#levels > li').count(), Number(level) + 1, 'the levels above it were dropped');
    // The steer's report is the worker's first since the pause, sent after it read the steer: had the
    // search gone on, its count of nodes would have moved.
    assert.equal(await page.locator('#search-status').getAttribute('data-paused'), 'true');
    assert.equal(await nodesShown(), pausedNodes, 'a paused search does not move');
    await page.click('#search-pause');
    await page.waitForSelector('#sprouts-answer', { timeout: 120_000 });
    assert.equal(await page.locator('#sprouts-answer').getAttribute('data-nimber'), '0', 'steering never changes the answer');
    assert.match(await page.locator('#sprouts-answer').textContent(), /steered 1 times/);
    noProblems(page);
    await page.close();
});

test('search view: cancel stops the search', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/learn/sprouts?pos=0*9&rules=normal&base=fresh`);
    await page.waitForSelector('#levels li', { timeout: 60_000 });
    await page.click('#cancel');
    await page.waitForSelector('#learn-error');
    assert.match(await page.locator('#learn-error').textContent(), /Cancelled/);
    assert.equal(await page.locator('#sprouts-answer').count(), 0);
    noProblems(page);
    await page.close();
});

test('search view and proof view: bad input gets a clear message', async () => {
    const page = await openPage(app.context);
    const cases = [
        ['/learn/sprouts?pos=0.AB%7CX', /not a Sprouts position/],
        ['/learn/sprouts?pos=0*3&rules=sideways', /neither normal nor misere/],
        ['/learn/sprouts?pos=99', /too many/],
        ['/learn/sprouts?pos=', /Enter a position/],
        ['/learn/proof?pos=hello', /not a Sprouts position/],
        ['/learn/proof?pos=0*9', /at most 21 lives/],
        ['/learn/proof?pos=0*3&detail=7', /too large/],
    ];
    for (const [path, message] of cases) {
        await page.goto(`${app.url}${path}`);
        await page.waitForSelector('#learn-error', { timeout: 30_000 });
        assert.match(await page.locator('#learn-error').textContent(), message, path);
    }
    noProblems(page);
    await page.close();
});

async function openProof(page, path) {
    await page.goto(`${app.url}${path}`);
    await page.waitForSelector('#proof-answer, #learn-error', { timeout: 120_000 });
    assert.deepEqual(await page.locator('#learn-error').allTextContents(), [], `no error on ${path}`);
}

async function downloadDot(page) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#dot-link')]);
    return fs.readFileSync(await download.path(), 'utf8');
}

test('proof graph: 2 to 5 spots drawn, counted against the .dot', async () => {
    const page = await openPage(app.context);
    for (let n = 2; n <= 5; n += 1) {
        await openProof(page, `/learn/proof?pos=0*${n}&detail=2&lives=0`);
        const answer = page.locator('#proof-answer');
        assert.equal(await answer.getAttribute('data-losing'), String(START_NIMBERS[n - 1] === 0), `${n} spots outcome`);
        const nodes = Number(await answer.getAttribute('data-nodes'));
        const drawn = await page.locator('#proof-svg .proof-node').count();
        assert.equal(drawn, nodes, `${n} spots: every couple is drawn`);
        const dot = await downloadDot(page);
        assert.match(dot, /^digraph proof \{/);
        const dotNodes = dot.split('\n').filter((l) => /^\s*n\d+ \[/.test(l));
        const dotEdges = dot.split('\n').filter((l) => /^\s*n\d+ -> n\d+;/.test(l));
        assert.equal(dotNodes.length, drawn, `${n} spots: couples in the .dot`);
        assert.equal(dotEdges.length, await page.locator('#proof-svg .proof-edge').count(), `${n} spots: links`);
        // Each drawn couple is the .dot's couple of the same number, with the same colour.
        const colour = { red: 'losing', lightblue: 'winning', yellow: 'lands' };
        const kinds = await page.locator('#proof-svg .proof-node').evaluateAll((gs) =>
            Object.fromEntries(gs.map((g) => [g.dataset.index, g.dataset.kind])));
        for (const line of dotNodes) {
            const [, index, fill] = line.match(/n(\d+) \[.*fillcolor=(\w+)\]/);
            assert.equal(kinds[index], colour[fill], `couple ${index}`);
        }
        // The root (couple 0) is the start with heap 0.
        assert.match(dot, /n0 \[.*\/\/ 0\*\d \d? ?0,/);
        if (n === 3) {
            await openProof(page, `/learn/proof?pos=0*3&detail=3&lives=0`);
            await screenshot(page, 'sprouts-proof-3');
        }
    }
    // The lives filter keeps the top of the proof, as the .dot does.
    await openProof(page, '/learn/proof?pos=0*5&detail=1&lives=13');
    const drawn = await page.locator('#proof-svg .proof-node').count();
    const total = Number(await page.locator('#proof-answer').getAttribute('data-nodes'));
    assert.ok(drawn > 0 && drawn < total, 'the filter draws fewer couples');
    const lives = await page.locator('#proof-svg .proof-node').evaluateAll((gs) => gs.map((g) => Number(g.dataset.lives)));
    assert.ok(lives.every((l) => l >= 13));
    const dot = await downloadDot(page);
    assert.equal(dot.split('\n').filter((l) => /^\s*n\d+ \[/.test(l)).length, drawn);
    // Zoom and pan change the view box, Fit restores the whole picture.
    await page.click('#zoom-fit');
    const box = await page.locator('#proof-svg').getAttribute('viewBox');
    await page.click('#zoom-in');
    assert.notEqual(await page.locator('#proof-svg').getAttribute('viewBox'), box);
    const svg = await page.locator('#proof-svg').boundingBox();
    await page.mouse.move(svg.x + 200, svg.y + 200);
    await page.mouse.down();
    await page.mouse.move(svg.x + 260, svg.y + 240);
    await page.mouse.up();
    await page.click('#zoom-fit');
    assert.equal(await page.locator('#proof-svg').getAttribute('viewBox'), box);
    noProblems(page);
    await page.close();
});

test('proof graph: a proof too big to draw says so and still offers the .dot', async () => {
    const page = await openPage(app.context);
    await openProof(page, '/learn/proof?pos=0*6&detail=2&lives=0');
    const total = Number(await page.locator('#proof-answer').getAttribute('data-nodes'));
    if (total > 700) {
        assert.match(await page.locator('#proof-too-big').textContent(), /too many to draw/);
        assert.equal(await page.locator('#proof-svg').count(), 0);
        const dot = await downloadDot(page);
        assert.equal(dot.split('\n').filter((l) => /^\s*n\d+ \[/.test(l)).length, total);
    } else {
        assert.equal(await page.locator('#proof-svg .proof-node').count(), total);
    }
    noProblems(page);
    await page.close();
});

test('dark mode and a narrow screen: dark colours, nothing wider than the screen, the proof in view', async () => {
    const page = await openPage(app.context);
    // The page's background, as a luminance 0..1 (the body's computed colour).
    const luminance = () => page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
    // How far the page is wider than the window (0 when nothing sticks out).
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${app.url}/learn/sprouts?pos=0*5&base=shared`);
    await page.waitForSelector('#sprouts-answer', { timeout: 60_000 });
    const light = await page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    await page.click('#theme-toggle');
    await page.waitForFunction((before) => (document.documentElement.dataset.theme ?? 'system') !== before, light);
    // The browser prefers light (Playwright's default): the toggle goes to dark.
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.ok((await luminance()) < 0.3, 'a dark background');
    await screenshot(page, 'sprouts-learn-children-dark');
    await openProof(page, '/learn/proof?pos=0*4&detail=2&lives=0');
    assert.ok((await luminance()) < 0.3, 'the proof page is dark too');
    await screenshot(page, 'sprouts-proof-4-dark');
    await page.click('#theme-toggle');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/learn/sprouts?pos=0*7&rules=normal&base=fresh`);
    await page.waitForSelector('#levels li[data-kind="couple"]', { timeout: 60_000 });
    await page.click('#search-pause');
    await page.waitForSelector('#search-status[data-paused="true"]');
    assert.ok((await overflow()) <= 1, `the levels fit 390 px (${await overflow()} px wider)`);
    await screenshot(page, 'sprouts-learn-levels-narrow');
    await page.screenshot({ path: `${artifacts}/sprouts-learn-levels-narrow-top.png` });
    await page.click('#cancel');
    await openProof(page, '/learn/proof?pos=0*3&detail=3&lives=0');
    assert.ok((await overflow()) <= 1, 'the proof page fits 390 px');
    await screenshot(page, 'sprouts-proof-narrow');
    await openProof(page, '/learn/proof?pos=0*5&detail=2&lives=0');
    await page.locator('#proof-svg').scrollIntoViewIfNeeded();
    const box = await page.locator('#proof-svg').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 391, `the proof's box is within the screen (${JSON.stringify(box)})`);
    await page.screenshot({ path: `${artifacts}/sprouts-proof-5-narrow-view.png` });
    await page.setViewportSize({ width: 1100, height: 900 });
    await openProof(page, '/learn/proof?pos=0*5&detail=2&lives=0');
    assert.ok((await overflow()) <= 1);
    await screenshot(page, 'sprouts-proof-5');
    noProblems(page);
    await page.close();
});
