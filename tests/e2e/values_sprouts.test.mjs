// End-to-end: "Show values" on Sprouts, at the sizes a class uses. Every move of the list is marked wins or
// loses — each checked against the nimber a separately written brute force (reference.mjs) gives the
// position it leads to — and named in words read off the drawing, its GLOP position in the tooltip. Small
// starts (2 and 3 spots, then a move on), so that the brute force is quick.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor } from './harness.mjs';
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
