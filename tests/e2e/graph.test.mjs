// End-to-end: the Graphs page (Node Kayles) in the release build, as a person uses it — at projector,
// laptop, desktop, tablet and phone sizes, with mouse and touch — with every value shown checked against a
// brute force written here from the rules (no components, no canonical forms).
import { test } from 'node:test';
import fs from 'node:fs';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, tapBoard, strayClicks } from './harness.mjs';

const env = useServerAndBrowser();

const SIZES = [
    { name: 'projector', width: 1024, height: 768 },
    { name: 'laptop', width: 1366, height: 768 },
    { name: 'desktop', width: 1920, height: 1080 },
    { name: 'tablet', width: 768, height: 1024, touch: true },
    { name: 'phone', width: 390, height: 844, touch: true },
];

async function contextFor(size) {
    return env.browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: Boolean(size.touch),
        isMobile: Boolean(size.touch),
    });
}

/// The graph of a `n:u-v,…` text.
function parseGraph(text) {
    const [n, edges] = text.split(':');
    const closed = [...Array(Number(n)).keys()].map((v) => 1n << BigInt(v));
    for (const edge of edges.split(',').filter((e) => e)) {
        const [u, v] = edge.split('-').map(Number);
        closed[u] |= 1n << BigInt(v);
        closed[v] |= 1n << BigInt(u);
    }
    return { n: Number(n), closed };
}

/// Brute force from the rules: the Grundy value, and the misère win, of the remaining vertex set.
function solver(graph) {
    const grundy = new Map();
    const misere = new Map();
    const children = (set) => [...Array(graph.n).keys()]
        .filter((v) => (set >> BigInt(v)) & 1n)
        .map((v) => [v, set & ~graph.closed[v]]);
    const g = (set) => {
        if (!grundy.has(set)) {
            const seen = new Set(children(set).map(([, c]) => g(c)));
            let m = 0;
            while (seen.has(m)) m += 1;
            grundy.set(set, m);
        }
        return grundy.get(set);
    };
    const wins = (set) => {
        if (!misere.has(set)) misere.set(set, set === 0n || children(set).some(([, c]) => !wins(c)));
        return misere.get(set);
    };
    return { g, wins, children };
}

const vertexCount = (page) => page.locator('.graph-board .vertex').count();
const remainingVertices = (page) => page.locator('.graph-board .vertex.free')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-vertex'))).sort((a, b) => a - b));

/// Presses vertex `v` as a person would: scrolls it into view, then a mouse click or a finger tap at its
/// centre on screen.
async function press(page, v, touch) {
    const disc = page.locator(`.graph-board .vertex[data-vertex="${v}"] .disc`);
    await disc.scrollIntoViewIfNeeded();
    const box = await disc.boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (touch) await tapBoard(page, x, y);
    else await page.mouse.click(x, y);
}

/// The screen point of board point (x, y): the board is a square SVG whose viewBox is 600 units wide.
async function screenPoint(page, x, y) {
    await page.locator('svg.graph-board').scrollIntoViewIfNeeded();
    const box = await page.locator('svg.graph-board').boundingBox();
    return [box.x + (x * box.width) / 600, box.y + (y * box.height) / 600];
}

/// The graph of the petersen preset, written out here (outer 5-cycle, inner pentagram, spokes).
const PETERSEN = '10:0-1,1-2,2-3,3-4,0-4,5-7,7-9,6-9,6-8,5-8,0-5,1-6,2-7,3-8,4-9';

for (const size of SIZES) {
    test(`Graphs at ${size.width}×${size.height}: play the hint against the perfect computer and win`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        // A 3×5 grid, written out so that the test does not rely on the page's preset.
        const edges = [];
        for (let r = 0; r < 3; r += 1) {
            for (let c = 0; c < 5; c += 1) {
                const v = r * 5 + c;
                if (c < 4) edges.push(`${v}-${v + 1}`);
                if (r < 2) edges.push(`${v}-${v + 5}`);
            }
        }
        const graph = parseGraph(`15:${edges.join(',')}`);
        const brute = solver(graph);
        const start = (1n << 15n) - 1n;
        // The person moves first from a first-player win, so playing the hints must beat the computer.
        assert.notEqual(brute.g(start), 0, 'the 3×5 grid is a first-player win');
        await page.goto(`${env.url}/graph?g=15_${edges.join('.')}&vs=computer&level=perfect`);
        await page.locator('.graph-board .vertex').first().waitFor();
        assert.equal(await vertexCount(page), 15);
        let remaining = start;
        for (let turn = 0; turn < 15; turn += 1) {
            if (/Game over/.test(await page.locator('#status').textContent())) break;
            await page.click('#hint');
            await page.locator('#graph-verdict').waitFor();
            const verdict = await page.locator('#graph-verdict').textContent();
            const value = brute.g(remaining);
            assert.match(verdict, new RegExp(`= ${value}\\b|^Nimber ${value}\\b`), verdict);
            // Each component's nimber, as listed, against the brute force on its vertex set.
            const components = await page.locator('.component-value').allTextContents();
            for (const line of components) {
                const vertices = (line.match(/\((?:vertex|vertices) ([\d, ]+)\)/)[1]).split(', ').map(Number);
                const set = vertices.reduce((s, v) => s | (1n << BigInt(v)), 0n);
                const nimber = Number(line.match(/nimber (\d+)/)[1]);
                assert.equal(nimber, brute.g(set), line);
            }
            const ringed = await page.locator('.graph-board .vertex.hint')
                .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-vertex'))).sort((a, b) => a - b));
            const winning = brute.children(remaining).filter(([, c]) => brute.g(c) === 0).map(([v]) => v);
            assert.deepEqual(ringed, winning);
            if (turn === 0) await screenshot(page, `graph-${size.name}-hint`);
            const before = (await page.locator('#graph-moves li').count());
            await press(page, winning[0], size.touch);
            remaining = brute.children(remaining).find(([v]) => v === winning[0])[1];
            // The computer answers; the board shows the game of the URL.
            await page.waitForFunction((n) => {
                const status = document.querySelector('#status')?.textContent ?? '';
                return /Game over/.test(status) || (document.querySelectorAll('#graph-moves li').length >= n + 2 && /Your turn/.test(status));
            }, before);
            assert.deepEqual(await strayClicks(page), [], 'a tap on the board made a click');
            const moves = new URL(page.url()).searchParams.get('m').split('.').map(Number);
            for (const v of moves.slice(before + 1)) {
                assert.equal(brute.g(remaining), 0, 'the computer faced a lost position');
                remaining = brute.children(remaining).find(([w]) => w === v)[1];
            }
            const shown = await remainingVertices(page);
            const expected = [...Array(15).keys()].filter((v) => (remaining >> BigInt(v)) & 1n);
            assert.deepEqual(shown, expected);
        }
        assert.match(await page.locator('#status').textContent(), /Game over: You win/);
        await screenshot(page, `graph-${size.name}-won`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}

for (const size of [SIZES[0], SIZES[4]]) {
    test(`Graphs at ${size.width}×${size.height}: build a graph by hand, share it, play it in misère`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        await page.goto(`${env.url}/graph?g=0_&vs=human`);
        await page.click('#tool-add');
        // Three taps on empty board: three vertices where they were put.
        const spots = [[150, 300], [300, 150], [450, 300]];
        for (const [x, y] of spots) {
            const [sx, sy] = await screenPoint(page, x, y);
            if (size.touch) await page.touchscreen.tap(sx, sy);
            else await page.mouse.click(sx, sy);
            await page.waitForFunction((n) => document.querySelectorAll('.graph-board .vertex').length === n,
                spots.indexOf(spots.find(([a, b]) => a === x && b === y)) + 1);
        }
        // Each vertex is drawn where it was put (within a pixel's worth of board units).
        const placed = await page.locator('.graph-board .vertex').evaluateAll((els) =>
            els.map((el) => el.getAttribute('transform').match(/translate\(([\d.]+) ([\d.]+)\)/).slice(1).map(Number)));
        const width = (await page.locator('svg.graph-board').boundingBox()).width;
        placed.forEach(([x, y], i) => {
            assert.ok(Math.hypot(x - spots[i][0], y - spots[i][1]) <= 600 / width + 0.5, `vertex ${i} at ${x},${y}`);
        });
        // Join 0–1 and 1–2: tap one vertex, then the other (the way that works with a finger too).
        await press(page, 0, size.touch);
        await press(page, 1, size.touch);
        await page.waitForFunction(() => /[?&]g=3_0-1(&|$)/.test(location.search));
        if (!size.touch) {
            // With a mouse, drag from vertex 1 to vertex 2.
            const from = await page.locator('.graph-board .vertex[data-vertex="1"] .disc').boundingBox();
            const to = await page.locator('.graph-board .vertex[data-vertex="2"] .disc').boundingBox();
            await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
            await page.mouse.down();
            await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
            await page.mouse.up();
        } else {
            await press(page, 1, true);
            await press(page, 2, true);
        }
        await page.waitForFunction(() => new URL(location.href).searchParams.get('g') === '3_0-1.1-2');
        await screenshot(page, `graph-${size.name}-built`);
        // The link reopens the same graph in another tab; misère rules from the link.
        const link = new URL(page.url());
        link.searchParams.set('rules', 'misere');
        const other = await openPage(context);
        await other.goto(link.toString());
        await other.locator('.graph-board .vertex').first().waitFor();
        assert.equal(await vertexCount(other), 3);
        await other.click('#hint');
        await other.locator('#graph-verdict').waitFor();
        const brute = solver(parseGraph('3:0-1,1-2'));
        // Misère path of 3: marking the middle empties the graph (the opponent, unable to move, wins);
        // marking an end leaves one vertex that the opponent must take: a win.
        assert.equal(brute.wins(7n), true);
        assert.match(await other.locator('#graph-verdict').textContent(), /player to move wins/);
        const ringed = await other.locator('.graph-board .vertex.hint')
            .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-vertex'))));
        assert.deepEqual(ringed, brute.children(7n).filter(([, c]) => !brute.wins(c)).map(([v]) => v));
        // Deleting a vertex renumbers the rest.
        await page.click('#tool-delete');
        await press(page, 0, size.touch);
        await page.waitForFunction(() => new URL(location.href).searchParams.get('g') === '2_0-1');
        assert.deepEqual(page.problems, []);
        assert.deepEqual(other.problems, []);
        await context.close();
    });
}

test('Graphs: presets from the form, the Petersen graph against the brute force, bad links explained', async () => {
    const context = await contextFor(SIZES[1]);
    const page = await openPage(context);
    await page.goto(`${env.url}/graph?preset=petersen&vs=human`);
    await page.click('#hint');
    await page.locator('#graph-verdict').waitFor();
    const brute = solver(parseGraph(PETERSEN));
    const all = (1n << 10n) - 1n;
    assert.match(await page.locator('#graph-verdict').textContent(), new RegExp(`^Nimber ${brute.g(all)}\\b`));
    await screenshot(page, 'graph-petersen-hint');
    // The form makes a 5×5 grid.
    await page.click('.setup summary');
    await page.selectOption('#setup-graph', 'grid');
    await page.fill('#setup-rows', '5');
    await page.fill('#setup-columns', '5');
    await page.click('#setup-start');
    await page.waitForFunction(() => /preset=grid_5x5/.test(location.search));
    assert.equal(await vertexCount(page), 25);
    // Bad links: a clear message and a fresh game, never a broken page.
    for (const [query, message] of [
        ['g=3_0-0', /joins vertex 0 to itself/],
        ['g=3_0-5', /names vertex 5, but the vertices are 0 to 2/],
        ['preset=grid_9x9', /at most 64 vertices/],
        ['preset=path_4&m=1.2', /move 2: vertex 2 is already removed/],
    ]) {
        await page.goto(`${env.url}/graph?${query}`);
        await page.locator('#url-error').waitFor();
        assert.match(await page.locator('#url-error').textContent(), message, query);
    }
    await page.goto(`${env.url}/graph?preset=path_5&pos=7`);
    assert.match(await page.locator('#url-ignored').textContent(), /“pos”/);
    // The Dots page links here with its row as a path, and the header has the page.
    await page.goto(`${env.url}/dots?n=7&vs=human`);
    await page.click('#graph-link a');
    await page.waitForFunction(() => /preset=path_7/.test(location.search));
    assert.equal(await vertexCount(page), 7);
    assert.equal(await page.locator('nav a.nav-link.active').textContent(), 'Graphs');
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Graphs: what the solver learns is kept as the “graph” base, exported, and a tampered copy is refused', async () => {
    const context = await contextFor(SIZES[1]);
    const page = await openPage(context);
    await page.goto(`${env.url}/graph?preset=grid_4x4&vs=human`);
    await page.click('#hint');
    await page.locator('#graph-verdict').waitFor();
    await page.goto(`${env.url}/bases`);
    const row = page.locator('#bases tr', { hasText: 'graph' });
    await row.waitFor();
    const entries = Number(await row.locator('td.number').first().textContent());
    assert.ok(entries > 0, `${entries} entries stored`);
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('.export-binary').click()]);
    assert.equal(download.suggestedFilename(), 'graph-base.bin');
    const bytes = fs.readFileSync(await download.path());
    const magic = Buffer.from('sprague graph base 1\n');
    assert.ok(bytes.subarray(0, magic.length).equals(magic));
    // Every component entry's nimber raised by one (the layout is read here from the format: a vertex
    // count, that many 8-byte rows, the nimber).
    const tampered = Buffer.from(bytes);
    let at = magic.length;
    const count = tampered.readUInt32LE(at);
    at += 4;
    for (let i = 0; i < count; i += 1) {
        at += 1 + 8 * tampered[at];
        tampered[at] = (tampered[at] + 1) & 255;
        at += 1;
    }
    await page.setInputFiles('#import-file', { name: 'graph-base.bin', mimeType: 'application/octet-stream', buffer: tampered });
    await page.locator('#bases-error').waitFor();
    assert.match(await page.locator('#bases-error').textContent(), /nothing was imported: \d+ entr(y|ies) contradict the rules of Node Kayles/);
    // The untouched export imports cleanly (nothing new: this browser knows it all).
    await page.waitForFunction(() => !document.querySelector('#import-file')?.disabled);
    await page.setInputFiles('#import-file', { name: 'graph-base.bin', mimeType: 'application/octet-stream', buffer: bytes });
    await page.locator('#import-report').waitFor();
    assert.match(await page.locator('#import-report').textContent(), /confirmed from the rules \(0 new\)/);
    assert.equal(Number(await row.locator('td.number').first().textContent()), entries);
    assert.deepEqual(page.problems, []);
    await context.close();
});
