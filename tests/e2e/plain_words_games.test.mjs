// End-to-end: the Sprouts and Graph hints speak plainly first — the move in words, no nimbers, XOR or
// "N-position" — with the reason in nimbers one click away, at a projector's 1024×768 and on a 390×844
// touch phone. Every move a plain line names is checked against a brute force written apart from the
// engine (reference.mjs for Sprouts, one here for Node Kayles). The Sprouts review names moves in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor } from './harness.mjs';
import { parseSprouts, sproutsChildren, sproutsNimberOf } from './reference.mjs';

const env = useServerAndBrowser();
const JARGON = /⊕|\*\d|\*|N-position|P-position|nimber|XOR|nim-sum/i;
const SIZED = SIZES.filter((size) => size.width === 1024 || size.touch);

async function hintOn(page, url) {
    await page.goto(env.url + url);
    await page.locator('#hint:not([disabled])').waitFor({ timeout: 60_000 });
    await page.click('#hint');
    await page.locator('#hint-plain').waitFor({ timeout: 60_000 });
    return page.locator('#hint-plain').textContent();
}

/// Brute force of Node Kayles from the rules: the Grundy value of the remaining vertex set.
function kayles(n, edges) {
    const closed = [...Array(n).keys()].map((v) => 1n << BigInt(v));
    for (const [u, v] of edges) {
        closed[u] |= 1n << BigInt(v);
        closed[v] |= 1n << BigInt(u);
    }
    const memo = new Map();
    const children = (set) => [...Array(n).keys()]
        .filter((v) => (set >> BigInt(v)) & 1n)
        .map((v) => [v, set & ~closed[v]]);
    const g = (set) => {
        if (!memo.has(set)) {
            const seen = new Set(children(set).map(([, c]) => g(c)));
            let m = 0;
            while (seen.has(m)) m += 1;
            memo.set(set, m);
        }
        return memo.get(set);
    };
    return { g, children, all: (1n << BigInt(n)) - 1n };
}

/// The position after the move a plain line names from the start of `n` spots (all spots alike, each its
/// own boundary in the one region): "Join spot a to spot b" merges two boundaries; "Join spot a to
/// itself, around spots …" splits the region with those spots on one side (which side is inside does not
/// change the position).
function sproutsMoveFromStart(n, plain) {
    const start = parseSprouts(`0*${n}`);
    const join = /^Join spot (\d+) to spot (\d+)\. /.exec(plain);
    const loop = /^Join spot (\d+) to itself, (?:around spots? ([\d, and]+)|with no spot inside)\. /.exec(plain);
    assert.ok(join || loop, `a move named in words: ${plain}`);
    const children = sproutsChildren(start);
    if (join) {
        const [a, b] = [Number(join[1]) - 1, Number(join[2]) - 1];
        assert.notEqual(a, b);
        return children.find((child) => child.regions.length === 1
            && child.regions[0].some((boundary) => boundary.includes(a) && boundary.includes(b)));
    }
    const a = Number(loop[1]) - 1;
    const around = (loop[2] ?? '').split(/, | and /).filter((s) => s).map((s) => Number(s) - 1).sort();
    const fresh = n; // the new spot's id
    return children.find((child) => child.regions.length === 2 && child.regions.some((region) => {
        const rest = region.filter((boundary) => !boundary.includes(fresh)).flat().sort();
        return region.some((boundary) => boundary.includes(a) && boundary.includes(fresh))
            && JSON.stringify(rest) === JSON.stringify(around);
    }));
}

for (const size of SIZED) {
    const name = size.touch ? 'phone' : 'projector';

    test(`Sprouts (${name}): the hint names a winning move in words, and the review names every move`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        // Three spots, normal play: a first-player win. The plain line names the move the board draws.
        let plain = '';
        await hintOn(page, '/sprouts?start=3&vs=human');
        await page.waitForFunction(() => /^Join spot/.test(document.querySelector('#hint-plain')?.textContent ?? ''),
            null, { timeout: 30_000 });
        plain = await page.locator('#hint-plain').textContent();
        assert.doesNotMatch(plain, JARGON, plain);
        assert.match(plain, /Then, whatever your opponent does, you can always answer so that you make the last move\.$/);
        const child = sproutsMoveFromStart(3, plain);
        assert.ok(child, `${plain}: no such move from 3 spots`);
        assert.equal(sproutsNimberOf(child), 0, `${plain}: the move leaves a lost position`);
        // The nimbers are one click away (open outside classroom mode).
        assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), true);
        assert.match(await page.locator('details.hint-why').textContent(), /nimber is \*/);
        await screenshot(page, `plain-sprouts-hint-${size.width}x${size.height}`);

        // Two spots: every move loses, said plainly.
        const lost = await hintOn(page, '/sprouts?start=2&vs=human');
        assert.match(lost, /^Every move loses if your opponent plays well\./);
        assert.doesNotMatch(lost, JARGON);

        // A game between friends from 3 spots to its end, each move chosen from the list: the review
        // names every move in words (with the GLOP position in its tooltip), its verdicts too.
        await page.goto(`${env.url}/sprouts?start=3&vs=human`);
        for (let moves = 0; moves < 9; moves += 1) {
            await page.locator('#status').waitFor();
            if (/Game over/.test(await page.locator('#status').textContent())) break;
            await page.locator('#children .child:not([disabled])').first().waitFor({ timeout: 30_000 });
            await page.locator('#children .child').first().click();
            await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n + 1, moves);
        }
        assert.match(await page.locator('#status').textContent(), /Game over/);
        // Each move drawn by the worker, then named from its curve.
        await page.waitForFunction(() => [...document.querySelectorAll('#moves li button')]
            .every((b) => /^Player [12]: join spot \d+ to (spot \d+|itself)/.test(b.textContent)), null, { timeout: 60_000 });
        const titles = await page.locator('#moves li button').evaluateAll((bs) => bs.map((b) => b.title));
        for (const title of titles) assert.match(title, /\(([0-9a-zA-Z.|+*!]+)\)$/, title);
        await page.locator('#review-summary').waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => !/Reviewing/.test(document.querySelector('#review-summary')?.textContent ?? ''),
            null, { timeout: 60_000 });
        const summary = await page.locator('#review-summary').textContent();
        assert.doesNotMatch(summary, /the move to /, summary);
        assert.doesNotMatch(summary, JARGON, summary);
        for (const match of summary.matchAll(/— (.*?) would have won/g)) {
            assert.match(match[1], /^join spot \d+ to (spot \d+|itself)/, summary);
        }
        await screenshot(page, `plain-sprouts-review-${size.width}x${size.height}`);

        // Against the computer, its message names its move in words.
        await page.goto(`${env.url}/sprouts?start=3&vs=computer&level=perfect&first=computer`);
        await page.locator('#computer-note').waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => /Its move: join spot \d+ to (spot \d+|itself)/.test(document.querySelector('#computer-note')?.textContent ?? ''),
            null, { timeout: 30_000 });

        // Classroom mode opens the hint in plain words, the nimbers folded a click away.
        await page.goto(`${env.url}/sprouts?start=3&vs=human`);
        await page.click('#classroom-toggle');
        await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
        await page.click('#hint');
        await page.locator('#hint-plain').waitFor({ timeout: 60_000 });
        assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), false);
        await page.click('details.hint-why summary');
        assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), true);
        await page.click('#classroom-toggle');
        assert.deepEqual(page.problems, []);
        await context.close();
    });

    test(`Graph (${name}): the hint names a winning vertex in plain words`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        // A path of 6 vertices and a triangle hanging off vertex 2.
        const edges = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [2, 6], [6, 7], [7, 2]];
        const brute = kayles(8, edges);
        assert.notEqual(brute.g(brute.all), 0, 'a first-player win');
        const query = `g=8_${edges.map(([u, v]) => `${u}-${v}`).join('.')}&vs=human`;
        const plain = await hintOn(page, `/graph?${query}`);
        const named = /^Mark vertex (\d+)\. Then, whatever your opponent does, you can always answer so that you make the last move\.$/.exec(plain);
        assert.ok(named, plain);
        assert.doesNotMatch(plain, JARGON, plain);
        const vertex = Number(named[1]);
        const after = brute.children(brute.all).find(([v]) => v === vertex);
        assert.ok(after, `${plain}: vertex ${vertex} is on the board`);
        assert.equal(brute.g(after[1]), 0, `${plain}: marking it leaves a lost position`);
        assert.equal(await page.locator(`.graph-board .vertex.hint[data-vertex="${vertex}"]`).count(), 1, 'the named vertex is ringed');
        assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), true);
        await screenshot(page, `plain-graph-hint-${size.width}x${size.height}`);

        // A lost graph (a single edge with... two separate edges: nimber 1 ⊕ 1): every move loses, plainly,
        // with the move that lasts longest.
        const lostEdges = [[0, 1], [2, 3]];
        const lostBrute = kayles(4, lostEdges);
        assert.equal(lostBrute.g(lostBrute.all), 0);
        const lost = await hintOn(page, `/graph?g=4_0-1.2-3&vs=human`);
        assert.match(lost, /^Every move loses if your opponent plays well\./, lost);
        assert.doesNotMatch(lost, JARGON, lost);

        // Classroom mode: the plain line, the nimbers folded.
        await page.click('#classroom-toggle');
        await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
        await hintOn(page, `/graph?${query}`);
        assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), false);
        await screenshot(page, `plain-graph-classroom-${size.width}x${size.height}`);
        await page.click('#classroom-toggle');
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}
