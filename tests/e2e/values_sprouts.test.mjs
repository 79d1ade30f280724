// End-to-end: "Show values" on Sprouts, at the sizes a class uses. Every move of the list is marked wins or
// loses — each checked against the nimber a separately written brute force (reference.mjs) gives the
// position it leads to — and named in words read off the drawing, its GLOP position in the tooltip. Small
// starts (2 and 3 spots, then a move on), so that the brute force is quick.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, PLAY_SIZES, contextFor } from './harness.mjs';
import { sproutsNimber } from './reference.mjs';

const env = useServerAndBrowser();

/// The list's marks once every move is valued and named.
async function valuedMoves(page) {
    await page.waitForFunction(() => {
        const items = [...document.querySelectorAll('#children .child.valued')];
        return items.length > 0 && items.every((el) => el.querySelector('.move-words'));
    }, null, { timeout: 60_000 });
    return page.locator('#children .child').evaluateAll((els) => els.map((el) => ({
        child: el.dataset.child, value: el.dataset.value, title: el.title,
        words: el.querySelector('.move-words')?.textContent, tag: el.querySelector('.tag')?.textContent,
        wins: el.classList.contains('wins'), loses: el.classList.contains('loses'),
    })));
}

/// Checks every mark against the brute force: a move wins exactly when it leaves a position of nimber 0.
function checkMarks(moves, spots, where) {
    assert.ok(moves.length >= 2, `${where}: the moves are listed`);
    for (const m of moves) {
        const wins = sproutsNimber(m.child) === 0;
        assert.equal(m.value, wins ? 'wins' : 'loses', `${where}: ${m.child}`);
        assert.equal(m.wins, wins);
        assert.equal(m.loses, !wins);
        assert.equal(m.tag, wins ? 'wins' : 'loses');
        // In words, between spots of the board; the exact GLOP position in the tooltip.
        const said = /^Join spot (\d+) to (itself|spot (\d+))/.exec(m.words);
        assert.ok(said, `${where}: "${m.words}" names the move`);
        assert.ok(Number(said[1]) <= spots && Number(said[3] ?? 1) <= spots, `${where}: ${m.words}`);
        assert.ok(m.title.includes(m.child), `${where}: the tooltip gives ${m.child}`);
    }
}

test('Show values on Sprouts: every move of the list marked as the brute force values it, and named in words', async () => {
    for (const size of SIZES) {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        const where = `${size.width}x${size.height}`;
        const press = (selector) => (size.touch ? page.locator(selector).tap() : page.locator(selector).click());

        // 2 spots: lost for the player to move, so every move loses.
        await page.goto(env.url + '/sprouts?start=2&vs=human');
        await page.locator('circle.spot').nth(1).waitFor();
        await press('#show-values');
        let moves = await valuedMoves(page);
        checkMarks(moves, 2, `${where}, 2 spots`);
        assert.ok(moves.every((m) => m.value === 'loses'), `${where}: 2 spots is lost, every move loses`);

        // 3 spots: won; the winning moves are marked green.
        await page.goto(env.url + '/sprouts?start=3&vs=human');
        await page.locator('circle.spot').nth(2).waitFor();
        await press('#show-values');
        moves = await valuedMoves(page);
        checkMarks(moves, 3, `${where}, 3 spots`);
        assert.ok(moves.some((m) => m.value === 'wins'), `${where}: 3 spots is won`);
        assert.match(await page.locator('#values-key').textContent(), /Green moves win/);
        await screenshot(page, `values-sprouts-${where}`);
        // The board fits in the window whole, at the top of the page as it opens.
        await page.evaluate(() => window.scrollTo(0, 0));
        const board = await page.locator('svg.sprouts-board').boundingBox();
        assert.ok(board.height <= size.height && board.y < size.height, `${where}: the board starts in view and fits the window`);
        assert.ok(board.x >= 0 && board.x + board.width <= size.width + 1, `${where}: the board fits across`);

        // Playing a losing move from the list: the other player's moves are valued in turn.
        const losing = moves.find((m) => m.value === 'loses');
        await page.locator(`#children .child[data-child="${losing.child}"]`).click();
        await page.waitForFunction((p) => document.querySelector('#position')?.textContent !== p, '0*3');
        await page.locator('circle.spot').nth(3).waitFor();
        moves = await valuedMoves(page);
        checkMarks(moves, 4, `${where}, after ${losing.child}`);
        assert.ok(moves.some((m) => m.value === 'wins'), `${where}: after a losing move the other player can win`);

        // Turned off, the list is as before: positions, no marks asked for.
        await press('#show-values');
        await page.waitForFunction(() => document.querySelectorAll('#children .child.valued').length === 0);
        assert.ok(await page.locator('#children code').count() > 0);
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});

/// The bottom of the site's header where it stays on screen (sticky), else 0: what is under it is not seen.
const headerBottom = (page) => page.evaluate(() => {
    const header = document.querySelector('.site-header');
    return getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
});

/// Whether the element's whole box is in the window, below a sticky header, and the element is what is
/// seen at its centre (not covered, nor scrolled out of sight inside its list).
async function seenWhole(page, locator) {
    const box = await locator.boundingBox();
    const { width, height } = page.viewportSize();
    const top = await headerBottom(page);
    const inside = box !== null && box.x >= -1 && box.y >= top - 1
        && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
    const onTop = await locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    return { box, fits: inside && onTop };
}

// A teacher at a projector (or a laptop, or a big screen) starts a game: the page brings the game to the
// top of the window. The board, the "Show values" toggle and the marked moves are then all seen together:
// turning values on needs no scrolling, and exact mode's marked moves are in view as well.
const FIT_CASES = [
    { size: { width: 1024, height: 768 } },
    { size: { width: 1024, height: 768 }, classroom: true },
    { size: { width: 1366, height: 768 } },
    { size: { width: 1920, height: 1080 } },
];
for (const { size, classroom } of FIT_CASES) {
    const where = `${size.width}x${size.height}${classroom ? ' classroom' : ''}`;
    test(`Show values at ${where}: the board, the toggle and the first marked move are in the window together`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        await page.goto(env.url + '/sprouts?start=3&vs=human');
        await page.locator('circle.spot').nth(2).waitFor();
        if (classroom) {
            await page.click('#classroom-toggle');
            await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
        }
        await page.click('.setup summary');
        await page.click('details.setup form button[type="submit"]');
        await page.waitForFunction(() => !document.querySelector('details.setup').open);
        await page.locator('circle.spot').nth(2).waitFor();
        // Start scrolls the page in a timer it sets as the form is sent (game_shell::show_started_game);
        // a timer set now runs after it.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        const scrolled = await page.evaluate(() => window.scrollY);
        const toggle = page.locator('#show-values');
        let seen = await seenWhole(page, toggle);
        assert.ok(seen.fits, `${where}: the toggle ${JSON.stringify(seen.box)} is in the window before values are on`);
        await toggle.click();
        const moves = await valuedMoves(page);
        checkMarks(moves, 3, where);
        assert.equal(await page.evaluate(() => window.scrollY), scrolled, `${where}: turning values on needed no scrolling`);
        for (const [what, locator] of [
            ['the board', page.locator('svg.sprouts-board')],
            ['the toggle', toggle],
            ['the first marked move', page.locator('#children .child.valued').first()],
        ]) {
            seen = await seenWhole(page, locator);
            assert.ok(seen.fits, `${where}: ${what} ${JSON.stringify(seen.box)} is in the window`);
        }
        // Exact mode: pick spot 1 twice (its loops); the first of its marked moves is in view too.
        await page.click('#exact-mode');
        await page.locator('circle.spot[data-spot="0"]').click();
        await page.locator('circle.spot[data-spot="0"]').click();
        await page.locator('#spot-moves .child.valued').first().waitFor({ timeout: 60_000 });
        seen = await seenWhole(page, page.locator('#spot-moves .child.valued').first());
        assert.ok(seen.fits, `${where}: exact mode's first marked move ${JSON.stringify(seen.box)} is in the window`);
        seen = await seenWhole(page, page.locator('svg.sprouts-board'));
        assert.ok(seen.fits, `${where}: the board ${JSON.stringify(seen.box)} is still in the window in exact mode`);
        assert.equal(await page.evaluate(() => window.scrollY), scrolled, `${where}: exact mode needed no scrolling`);
        await screenshot(page, `values-sprouts-fit-${where.replace(' ', '-')}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}

/// Exact mode's moves between the picked spots once each is marked (or none is listed).
async function markedSpotMoves(page) {
    await page.waitForFunction(() => {
        if (document.querySelector('#no-spot-moves')) return true;
        const items = [...document.querySelectorAll('#spot-moves .spot-move')];
        return items.length > 0 && items.every((el) => el.dataset.value);
    }, null, { timeout: 60_000 });
    return page.locator('#spot-moves .spot-move').evaluateAll((els) => els.map((el) => ({
        child: el.dataset.child, value: el.dataset.value, disabled: el.disabled,
        wins: el.classList.contains('wins'), loses: el.classList.contains('loses'),
        tags: [...el.querySelectorAll('.tag')].map((t) => t.textContent),
    })));
}

test('Show values in exact mode: the moves between two spots marked as the brute force values them', async () => {
    for (const size of PLAY_SIZES) {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        const where = `${size.width}x${size.height}`;
        const press = (selector) => (size.touch ? page.locator(selector).tap() : page.locator(selector).click());
        const seenValues = new Set();
        // Picks spots p and q (indices), and checks each move listed between them.
        const checkPair = async (p, q, position) => {
            await press(`circle.spot[data-spot="${p}"]`);
            await press(`circle.spot[data-spot="${q}"]`);
            const moves = await markedSpotMoves(page);
            for (const m of moves) {
                const wins = sproutsNimber(m.child) === 0;
                const label = `${where}, ${position}, spots ${p + 1} and ${q + 1}: ${m.child}`;
                assert.equal(m.value, wins ? 'wins' : 'loses', label);
                assert.equal(m.wins, wins, label);
                assert.equal(m.loses, !wins, label);
                assert.ok(m.tags.includes(wins ? 'wins' : 'loses'), `${label}: the verdict in words (${m.tags})`);
                seenValues.add(m.value);
            }
            await press('#pick-again');
            return moves;
        };

        await page.goto(env.url + '/sprouts?start=3&vs=human');
        await page.locator('circle.spot').nth(2).waitFor();
        await press('#show-values');
        await valuedMoves(page);
        await press('#exact-mode');
        const loops = await checkPair(0, 0, '3 spots');
        assert.ok(loops.length >= 2, `${where}: spot 1 has several loops`);
        assert.ok((await checkPair(0, 1, '3 spots')).length >= 1, `${where}: spots 1 and 2 can be joined`);

        // Play a losing loop from the exact list: the other player's moves are marked in turn.
        const losing = loops.find((m) => m.value === 'loses' && !m.disabled);
        await press(`circle.spot[data-spot="0"]`);
        await press(`circle.spot[data-spot="0"]`);
        await markedSpotMoves(page);
        await press(`#spot-moves .spot-move[data-child="${losing.child}"]`);
        await page.waitForFunction((p) => document.querySelector('#position')?.textContent === p, losing.child);
        await page.locator('circle.spot').nth(3).waitFor();
        await valuedMoves(page);
        const lives = await page.locator('circle.spot').evaluateAll((cs) => cs.map((c) => Number(c.dataset.lives)));
        const alive = lives.map((l, i) => [l, i]).filter(([l]) => l > 0).map(([, i]) => i);
        for (const [p, q] of [[alive[0], alive[1]], [alive[1], alive[alive.length - 1]], [alive[alive.length - 1], alive[alive.length - 1]]]) {
            await checkPair(p, q, `after ${losing.child}`);
        }
        assert.deepEqual([...seenValues].sort(), ['loses', 'wins'], `${where}: both winning and losing moves were met`);
        await screenshot(page, `values-sprouts-exact-${where}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});
