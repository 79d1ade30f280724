// End-to-end: fixes found on the way (issue 35, section 8), each shown in the release build as a person
// meets it: moving a graph's vertex, the computer's note left behind on another page, the Sprouts prompt
// after the game, the graph building tools said on the page, and the graph hint's wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, drag } from './harness.mjs';

const env = useServerAndBrowser();

const PROJECTOR = { width: 1024, height: 768 };

async function contextFor(viewport, touch = false) {
    return env.browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
}

/// The screen point of board point (x, y): the graph board is a square SVG 600 units wide.
async function screenPoint(page, x, y) {
    const box = await page.locator('svg.graph-board').boundingBox();
    return { x: box.x + (x * box.width) / 600, y: box.y + (y * box.height) / 600 };
}

/// Where vertex `v` is drawn (board units, from its transform) and the centre of its disc on screen.
async function vertexAt(page, v) {
    const vertex = page.locator(`.graph-board .vertex[data-vertex="${v}"]`);
    const [x, y] = (await vertex.getAttribute('transform')).match(/translate\(([\d.]+) ([\d.]+)\)/).slice(1).map(Number);
    const box = await vertex.locator('.disc').boundingBox();
    return { board: { x, y }, screen: { x: box.x + box.width / 2, y: box.y + box.height / 2 } };
}

/// The places in the URL's `at=`, as [x, y] pairs.
const placesInUrl = (page) => (new URL(page.url()).searchParams.get('at') ?? '').split('.').filter((p) => p)
    .map((p) => p.split('_').map(Number));

/// `count` points from a to b (b included), so that a drag goes in small steps as a hand's does.
const path = (a, b, count) => Array.from({ length: count + 1 }, (_, i) => ({
    x: a.x + ((b.x - a.x) * i) / count,
    y: a.y + ((b.y - a.y) * i) / count,
}));

test('Graphs, Move tool: dragging a vertex with the mouse or a finger moves it, on screen and in the URL', async () => {
    for (const [viewport, touch] of [[PROJECTOR, false], [{ width: 390, height: 844 }, true]]) {
        const context = await contextFor(viewport, touch);
        const page = await openPage(context);
        // A preset, with a move played: the Move tool starts the game again, and the moved graph is a
        // graph of its own in the URL (g= and at=).
        await page.goto(`${env.url}/graph?preset=path_4&vs=human&m=0`);
        await page.locator('.graph-board .vertex').first().waitFor();
        await page.click('#tool-move');
        await page.waitForFunction(() => !new URL(location.href).searchParams.has('m'));
        await page.locator('svg.graph-board').scrollIntoViewIfNeeded();
        const start = await vertexAt(page, 1);
        const target = { x: 300, y: 470 };
        const to = await screenPoint(page, target.x, target.y);
        const width = (await page.locator('svg.graph-board').boundingBox()).width;
        const unitsPerPixel = 600 / width;
        // Steps of a few pixels each, well under a vertex's radius, as a mouse or finger sends them.
        const points = path(start.screen, to, 60);
        if (touch) {
            await drag(page, points.filter((_, i) => i % 8 === 0 || i === points.length - 1), true);
        } else {
            await page.mouse.move(start.screen.x, start.screen.y);
            await page.mouse.down();
            for (const p of points.slice(1, -1)) await page.mouse.move(p.x, p.y);
            // Half-way through the drag the vertex follows the pointer.
            await page.mouse.move(to.x, to.y);
            const during = await vertexAt(page, 1);
            assert.ok(Math.hypot(during.screen.x - to.x, during.screen.y - to.y) < 2, `the vertex follows: ${JSON.stringify(during.screen)}`);
            await page.mouse.up();
        }
        await page.waitForFunction(() => new URL(location.href).searchParams.has('at'));
        const url = new URL(page.url());
        assert.equal(url.searchParams.get('g'), '4_0-1.1-2.2-3', 'the same graph');
        assert.equal(url.searchParams.has('preset'), false);
        const places = placesInUrl(page);
        assert.equal(places.length, 4);
        assert.ok(Math.hypot(places[1][0] - target.x, places[1][1] - target.y) <= unitsPerPixel + 1, `at= has vertex 1 at ${places[1]}`);
        // The others stay where they were.
        for (const v of [0, 2, 3]) {
            const { board } = await vertexAt(page, v);
            assert.deepEqual(places[v], [Math.round(board.x), Math.round(board.y)], `vertex ${v}`);
        }
        // On screen: the vertex is where it was let go on the board, and its edges follow it. (On a
        // phone the note above the board, "Editing the graph starts the game again…", goes with the
        // edit and the board moves up: the place is taken on the board as it is now.)
        const moved = await vertexAt(page, 1);
        const letGo = await screenPoint(page, target.x, target.y);
        if (!touch) assert.deepEqual(letGo, to, 'beside the board, nothing moved the board');
        assert.ok(Math.hypot(moved.screen.x - letGo.x, moved.screen.y - letGo.y) < 2, `on screen at ${JSON.stringify(moved.screen)}, let go at ${JSON.stringify(letGo)}`);
        assert.ok(Math.hypot(moved.board.x - target.x, moved.board.y - target.y) <= unitsPerPixel + 1);
        const edge = page.locator('.graph-board line.edge').first();
        const ends = await edge.evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
        assert.ok(Math.hypot(ends[2] - moved.board.x, ends[3] - moved.board.y) < 1, `edge 0-1 ends at vertex 1: ${ends}`);
        await screenshot(page, `fixes-graph-moved-${touch ? 'touch' : 'mouse'}`);
        // A reload shows the vertex where it was put.
        await page.reload();
        await page.locator('.graph-board .vertex').first().waitFor();
        const reloaded = await vertexAt(page, 1);
        assert.deepEqual([Math.round(reloaded.board.x), Math.round(reloaded.board.y)], places[1]);
        // A press that does not go further than a vertex's radius moves nothing.
        await page.click('#tool-move');
        const before = page.url();
        const here = (await vertexAt(page, 2)).screen;
        await drag(page, [here, { x: here.x + 3, y: here.y + 2 }], touch);
        await page.waitForTimeout(300);
        assert.equal(page.url(), before, 'a press without a drag moves nothing');
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});

test('Dots: the computer\'s note stays on Dots; the header\'s Grundy link opens Grundy without it', async () => {
    const context = await contextFor(PROJECTOR);
    const page = await openPage(context);
    await page.goto(`${env.url}/dots?n=9&vs=computer&level=perfect`);
    await page.locator('[data-dot="5"]').click();
    await page.locator('#computer-note').waitFor();
    assert.match(await page.locator('#computer-note').textContent(), /The computer played dot \d+/);
    await page.locator('nav a.nav-link', { hasText: 'Grundy' }).click();
    await page.waitForFunction(() => location.pathname === '/grundy');
    await page.locator('.pile').first().waitFor();
    assert.equal(await page.locator('nav a.nav-link.active').textContent(), 'Grundy');
    assert.equal(await page.locator('#computer-note').count(), 0);
    assert.doesNotMatch(await page.locator('main').textContent(), /The computer played/);
    await screenshot(page, 'fixes-grundy-after-dots');
    // Back on Dots by the header: a new game, and nothing said about the old one.
    await page.locator('nav a.nav-link', { hasText: 'Dots' }).click();
    await page.waitForFunction(() => location.pathname === '/dots');
    await page.locator('.dot').first().waitFor();
    assert.equal(await page.locator('#moves li').count(), 0);
    assert.doesNotMatch(await page.locator('main').textContent(), /The computer played/);
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Sprouts: once the game is over the board no longer asks for a move, and says the game is over', async () => {
    const context = await contextFor(PROJECTOR);
    const page = await openPage(context);
    await page.goto(`${env.url}/sprouts?start=2&vs=human`);
    await page.locator('circle.spot').nth(1).waitFor();
    assert.match(await page.locator('#curve-feedback').textContent(), /Draw a move: press on a spot/);
    for (let turn = 0; turn < 8; turn += 1) {
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const before = await page.locator('#moves li').count();
        await page.locator('.child').first().click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
    }
    assert.match(await page.locator('#status').textContent(), /Game over/);
    // The last move drawn, the board is shown as it ends (not the earlier picture while drawing).
    await page.waitForFunction(() => !document.querySelector('#drawing-now') && document.querySelector('svg.sprouts-board'));
    const spots = await page.locator('circle.spot').count();
    assert.ok(spots >= 2 + (await page.locator('#moves li').count()), `${spots} spots: every move drawn`);
    assert.doesNotMatch(await page.locator('main').textContent(), /Draw a move/);
    assert.equal((await page.locator('#curve-feedback').textContent()).trim(), '');
    assert.equal(await page.locator('svg.sprouts-board.enabled').count(), 0, 'the board takes no curve');
    await screenshot(page, 'fixes-sprouts-over');
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Graphs: what the building tools do is said on the page, beside them, with the board in view', async () => {
    const context = await contextFor(PROJECTOR);
    const page = await openPage(context);
    await page.goto(`${env.url}/graph?preset=path_4&vs=human`);
    await page.locator('.graph-board .vertex').first().waitFor();
    const help = page.locator('#build-help');
    const inView = async (locator) => {
        const box = await locator.boundingBox();
        return box && box.y >= 0 && box.y + box.height <= PROJECTOR.height;
    };
    assert.ok(await help.isVisible());
    assert.match(await help.textContent(), /Add \/ join puts in vertices.*Move drags a vertex.*Delete takes one away/);
    const boardTop = (await page.locator('svg.graph-board').boundingBox()).y;
    for (const [tool, words] of [
        ['#tool-add', /Tap an empty spot to add a vertex\. Drag from one vertex to another, or tap one then the other, to add an edge \(or take it away\)\./],
        ['#tool-move', /drag it to where you want it/],
        ['#tool-delete', /Tap a vertex or an edge to take it away/],
    ]) {
        await page.click(tool);
        assert.match(await help.textContent(), words, tool);
        assert.ok(await help.isVisible());
        assert.ok(await inView(help), `${tool}: the help is on screen without scrolling`);
        // Compact: at most two lines, beside the tools; the board starts in the top half of the window
        // and stays where it was whatever the tool.
        const lines = (await help.boundingBox()).height / parseFloat(await help.evaluate((el) => getComputedStyle(el).lineHeight));
        assert.ok(lines <= 2.1, `${tool}: ${lines} lines`);
        const board = await page.locator('svg.graph-board').boundingBox();
        assert.ok(board.y < PROJECTOR.height / 2, `the board starts at ${board.y}`);
        assert.equal(board.y, boardTop, `${tool}: the board did not move`);
        if (tool === '#tool-add') await screenshot(page, 'fixes-graph-build-help');
    }
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Graphs hint: one component says its nimber once; several are added up in binary', async () => {
    const context = await contextFor(PROJECTOR);
    const page = await openPage(context);
    // A single edge: one component of nimber 1.
    await page.goto(`${env.url}/graph?g=2_0-1&vs=human`);
    await page.click('#hint');
    await page.locator('#graph-verdict').waitFor();
    assert.deepEqual(await page.locator('.component-value').allTextContents(), ['Component 1 (vertices 0, 1): nimber 1']);
    assert.match(await page.locator('#graph-verdict').textContent(), /^Nimber 1 ≠ 0: the player to move wins/);
    assert.doesNotMatch(await page.locator('#graph-hint').textContent(), /nimber 1 = 1|⊕/);
    // A single edge and a path of three: nimbers 1 and 2 (path of three: marking an end leaves one
    // vertex, value 1; marking the middle leaves none, value 0; mex 2), nim-sum 3.
    await page.goto(`${env.url}/graph?g=5_0-1.2-3.3-4&vs=human`);
    await page.click('#hint');
    await page.locator('#graph-verdict').waitFor();
    assert.deepEqual(await page.locator('.component-value').allTextContents(), [
        'Component 1 (vertices 0, 1): nimber 1 (binary 01)',
        'Component 2 (vertices 2, 3, 4): nimber 2 (binary 10)',
    ]);
    assert.match(await page.locator('#graph-verdict').textContent(), /^Nim-sum 1 ⊕ 2 = 3 \(binary 11\) ≠ 0/);
    await screenshot(page, 'fixes-graph-hint');
    assert.deepEqual(page.problems, []);
    await context.close();
});
