// End-to-end: details a class meets on a projector or a phone — the proof graph opens fitted with labels
// that can be read, the sequence plot grows in classroom mode, the keyboard stays on the Sprouts board
// after a move, and a refused Sprouts curve has the point where it crosses another curve ringed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, spotAt, drag } from './harness.mjs';

const env = useServerAndBrowser();

const SIZES = [
    { width: 1024, height: 768 },
    { width: 1366, height: 768 },
    { width: 390, height: 844, touch: true },
];

async function contextFor(size) {
    return env.browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: Boolean(size.touch),
        isMobile: Boolean(size.touch),
    });
}

async function classroomOn(page) {
    await page.click('#classroom-toggle');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
}

/// The proof graph as shown: each label's size on screen, and whether the root, and every couple, is
/// inside the figure.
async function proofShown(page) {
    return page.locator('#proof-svg').evaluate((svg) => {
        const box = svg.getBoundingClientRect();
        const inside = (r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        const scale = svg.getScreenCTM().a;
        const labels = [...svg.querySelectorAll('.proof-node text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        const nodes = [...svg.querySelectorAll('.proof-node')].map((g) => g.getBoundingClientRect());
        return {
            smallestLabel: labels.length ? Math.min(...labels) : null,
            rootInside: inside(svg.querySelector('.proof-node[data-index="0"]').getBoundingClientRect()),
            allInside: nodes.every(inside),
            note: document.querySelector('#proof-view-note')?.textContent ?? '',
        };
    });
}

async function drawProof(page, fields) {
    for (const [key, value] of Object.entries(fields)) await page.fill(`#learn-${key}`, value);
    const before = await page.locator('#proof-answer').getAttribute('data-drawn');
    await page.click('#learn-submit');
    await page.waitForFunction((drawn) => {
        const answer = document.querySelector('#proof-answer');
        return answer && answer.dataset.drawn !== drawn && !document.querySelector('#cancel');
    }, before, { timeout: 120_000 });
    await page.waitForTimeout(100);
}

for (const size of SIZES) {
    const label = `${size.width}×${size.height}`;

    test(`proof graph at ${label}: opens fitted, labels at least 14 px; refitted when the filter or detail changes`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        for (const spots of [4, 5]) {
            await page.goto(`${env.url}/learn/proof?pos=0*${spots}`);
            await page.locator('#proof-svg .proof-node').first().waitFor({ timeout: 120_000 });
            const shown = await proofShown(page);
            // Too large to show whole with legible labels: the top, at a size to read, and the page says so.
            assert.ok(shown.smallestLabel >= 13.9, `0*${spots}: labels ${shown.smallestLabel} px on screen`);
            assert.ok(shown.rootInside, `0*${spots}: the root is in view`);
            if (!shown.allInside) assert.match(shown.note, /drag to see the rest; Fit shows the whole graph/);
            await page.locator('#proof-svg').scrollIntoViewIfNeeded();
            await screenshot(page, `leftovers-proof-0x${spots}-${size.width}`);
        }
        // The top of the proof (a lives filter): small enough to show whole, still legible.
        await drawProof(page, { lives: '14' });
        let shown = await proofShown(page);
        assert.ok(shown.allInside, 'the filtered graph is shown whole');
        assert.ok(shown.smallestLabel >= 13.9, `filtered: labels ${shown.smallestLabel} px`);
        assert.equal(shown.note, '');
        await page.locator('#proof-svg').scrollIntoViewIfNeeded();
        await screenshot(page, `leftovers-proof-0x5-lives14-${size.width}`);
        // Dots have no labels: the whole graph, fitted.
        await drawProof(page, { lives: '0', detail: '1' });
        shown = await proofShown(page);
        assert.ok(shown.allInside, 'the graph of dots is shown whole');
        await page.locator('#proof-svg').scrollIntoViewIfNeeded();
        await screenshot(page, `leftovers-proof-0x5-dots-${size.width}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });

    test(`sequence plot at ${label}: in classroom mode labels are at least 18 px and points grow`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        await page.goto(`${env.url}/learn/sequence?code=0.137`);
        await page.locator('#sequence-plot circle.point').first().waitFor({ timeout: 60_000 });
        const measure = () => page.locator('#sequence-plot').evaluate((svg) => {
            const scale = svg.getScreenCTM().a;
            const texts = [...svg.querySelectorAll('.tick, .plot-label')];
            const sizes = texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
            const radii = [...svg.querySelectorAll('circle.point')].map((c) => c.getBoundingClientRect().width / 2);
            // No two labels overlap (the axis name under the heap numbers, the values beside their ticks).
            const boxes = texts.map((t) => t.getBoundingClientRect());
            const overlaps = boxes.some((a, i) => boxes.some((b, j) => j > i
                && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
            return { smallest: Math.min(...sizes), radius: Math.min(...radii), overlaps, viewBox: svg.getAttribute('viewBox') };
        });
        const normal = await measure();
        await classroomOn(page);
        // The plot is laid out again for classroom mode (if it is not, the sizes below say so).
        await page.waitForFunction((before) => document.querySelector('#sequence-plot').getAttribute('viewBox') !== before,
            normal.viewBox, { timeout: 5_000 }).catch(() => {});
        const large = await measure();
        assert.ok(large.smallest >= 17.9, `classroom labels ${large.smallest} px on screen (normal ${normal.smallest})`);
        assert.ok(large.radius >= 1.2 * normal.radius && large.radius >= 1.95, `points ${large.radius} px (normal ${normal.radius})`);
        if (!size.touch) assert.ok(large.radius >= 4, `points ${large.radius} px across a projector`);
        assert.ok(!large.overlaps, 'no labels overlap');
        await page.locator('#sequence-plot').scrollIntoViewIfNeeded();
        await screenshot(page, `leftovers-sequence-classroom-${size.width}`);
        // Off again: the plot as it was.
        await page.click('#classroom-toggle');
        await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') !== 'on');
        await page.waitForFunction((before) => document.querySelector('#sequence-plot').getAttribute('viewBox') === before, normal.viewBox);
        assert.deepEqual(page.problems, []);
        await context.close();
    });

    test(`Sprouts at ${label}: after a drawn, listed or exact-mode move the focus is on the board, which says where the game is`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        await page.goto(`${env.url}/sprouts?start=3&vs=human`);
        await page.locator('circle.spot').nth(2).waitFor();
        const focusedBoard = () => page.evaluate(() => {
            const el = document.activeElement;
            return el?.matches('svg.sprouts-board') ? el.getAttribute('aria-label') : `not the board: ${el?.tagName}`;
        });
        const settled = async (moves) => {
            await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n
                && !document.querySelector('#drawing-now'), moves, { timeout: 60_000 });
            await page.waitForTimeout(100);
        };
        // Drawn: an arc from spot 1 to spot 2, its new spot half-way.
        const [a, b] = [await spotAt(page, 0), await spotAt(page, 1)];
        const board = await page.locator('svg.sprouts-board').boundingBox();
        const mid = { x: (a.x + b.x) / 2, y: Math.max(board.y + 10, a.y - board.height / 5) };
        const scrolled = await page.evaluate(() => window.scrollY);
        await drag(page, [a, mid, b], size.touch);
        await page.click('#half-way');
        await settled(1);
        assert.match(await focusedBoard(), /^Sprouts board, after move 1: \d+ lives left\. Player 2 to move\.$/);
        assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'focusing the board did not scroll the page');
        // Chosen from the list of moves.
        await page.locator('#children button').first().click();
        await settled(2);
        assert.match(await focusedBoard(), /after move 2: .*Player 1 to move/);
        // Exact mode: two spots, then a move from the list.
        await page.click('#exact-mode');
        const spots = await page.locator('circle.spot').evaluateAll((cs) => cs.map((c) => Number(c.dataset.lives)));
        const alive = spots.map((lives, i) => [lives, i]).filter(([lives]) => lives > 0).map(([, i]) => i);
        const [p, q] = alive.length >= 2 ? alive : [alive[0], alive[0]];
        await page.locator(`circle.spot[data-spot="${p}"]`).click();
        await page.locator(`circle.spot[data-spot="${q}"]`).click();
        await page.locator('#spot-moves .spot-move:not([disabled])').first().click({ timeout: 60_000 });
        await settled(3);
        assert.match(await focusedBoard(), /after move 3: .*Player 2 to move/);
        await screenshot(page, `leftovers-sprouts-focus-${size.width}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });

    test(`Sprouts at ${label}: a curve that crosses another has the first crossing ringed`, async () => {
        const context = await contextFor(size);
        const page = await openPage(context);
        await page.goto(`${env.url}/sprouts?start=2&vs=human`);
        await page.locator('circle.spot').nth(1).waitFor();
        await page.locator('.sprouts-board-wrap').scrollIntoViewIfNeeded();
        const [a, b] = [await spotAt(page, 0), await spotAt(page, 1)];
        const board = await page.locator('svg.sprouts-board').boundingBox();
        const lift = board.height / 5;
        await drag(page, [a, { x: (a.x + b.x) / 2, y: a.y - lift }, b], size.touch);
        await page.click('#half-way');
        await page.locator('#moves li').first().waitFor();
        // From spot 1: down, up across the arc a third of the way along, over its top, down across it
        // again, and on to spot 2.
        const dx = b.x - a.x;
        const high = a.y - lift * 1.6;
        const drawn = [
            a,
            { x: a.x + dx * 0.15, y: a.y + lift / 2 },
            { x: a.x + dx * 0.3, y: high },
            { x: b.x - dx * 0.3, y: high },
            { x: b.x - dx * 0.15, y: a.y + lift / 2 },
            b,
        ];
        await drag(page, drawn, size.touch);
        assert.match(await page.locator('#curve-feedback').textContent(), /crosses curve 1/);
        await page.locator('#refused-curve path.curve.fault').waitFor({ state: 'attached' });
        assert.equal(await page.locator('#refused-curve circle.fault.crossing').count(), 1, 'the crossing is ringed');
        const ring = await page.locator('#refused-curve circle.fault.crossing').boundingBox();
        const centre = { x: ring.x + ring.width / 2, y: ring.y + ring.height / 2 };
        // The arc on screen, from its path.
        const arc = await page.locator('svg.sprouts-board path.curve').first().evaluate((path) => {
            const m = path.getScreenCTM();
            return [...path.getAttribute('d').matchAll(/(-?[\d.]+),(-?[\d.]+)/g)]
                .map(([, x, y]) => ({ x: m.a * Number(x) + m.c * Number(y) + m.e, y: m.b * Number(x) + m.d * Number(y) + m.f }));
        });
        // Crossings of the drawn polyline with the arc, in the order drawn.
        const crossings = [];
        for (let i = 0; i + 1 < drawn.length; i += 1) {
            const [p, q] = [drawn[i], drawn[i + 1]];
            const hits = [];
            for (let j = 0; j + 1 < arc.length; j += 1) {
                const [r, s] = [arc[j], arc[j + 1]];
                const den = (q.x - p.x) * (s.y - r.y) - (q.y - p.y) * (s.x - r.x);
                if (den === 0) continue;
                const t = ((r.x - p.x) * (s.y - r.y) - (r.y - p.y) * (s.x - r.x)) / den;
                const u = ((r.x - p.x) * (q.y - p.y) - (r.y - p.y) * (q.x - p.x)) / den;
                if (t > 0.02 && t < 0.98 && u >= 0 && u <= 1) hits.push({ t, x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
            }
            crossings.push(...hits.sort((h, k) => h.t - k.t));
        }
        assert.equal(crossings.length, 2, `the drawn curve crosses the arc twice (${JSON.stringify(crossings)})`);
        const [first, second] = crossings;
        const off = Math.hypot(centre.x - first.x, centre.y - first.y);
        assert.ok(off < 4, `the ring is on the first crossing (${off.toFixed(1)} px away)`);
        assert.ok(Math.hypot(centre.x - second.x, centre.y - second.y) > 20, 'not on the second');
        assert.ok(ring.width >= 16, `the ring is ${ring.width} px across`);
        await screenshot(page, `leftovers-sprouts-crossing-${size.width}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}
