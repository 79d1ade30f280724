// End-to-end: playing on the Dots and Grundy boards in the release build, as a person would, with every
// position the computer or a hint reaches checked against independent values (reference.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, openPage, screenshot } from './harness.mjs';
import { runsOf } from './game_moves.mjs';
import { grundyValues, dotRowValues, misereWins, rowValues, remotenessOf, optionsOf } from './reference.mjs';

const app = useApp({ viewport: { width: 1100, height: 900 } });

const grundy = grundyValues(60);
const dots = dotRowValues(60);
const nimSum = (values, heaps) => heaps.reduce((x, h) => x ^ values[h], 0);

/// The heaps on the board: runs of available dots, or pile sizes.
async function heapsOf(page, game) {
    const selector = game === 'dots' ? '.run' : '.pile';
    const attribute = game === 'dots' ? 'data-heap' : 'data-size';
    return page.locator(selector).evaluateAll((els, a) => els.map((el) => Number(el.getAttribute(a))), attribute);
}

/// The heaps after the first `count` moves of the game in the page's URL, replayed here from the rules.
function heapsAfter(url, game, count) {
    const query = new URL(url).searchParams;
    const moves = (query.get('m') ?? '').split('.').filter((m) => m !== '').slice(0, count);
    if (query.get('code')) {
        const down = Array(Number(query.get('n'))).fill(false);
        for (const m of moves) {
            const [start, len] = m.split('-').map(Number);
            for (let i = start - 1; i < start - 1 + len; i += 1) down[i] = true;
        }
        return runsOf(down.map((isDown) => !isDown));
    }
    if (game === 'dots') {
        const marked = Array(Number(query.get('n'))).fill(false);
        for (const m of moves) marked[Number(m) - 1] = true;
        return runsOf(marked.map((_, i) => !marked[i] && !marked[i - 1] && !marked[i + 1]));
    }
    const piles = query.get('piles').split('.').map(Number);
    for (const m of moves) {
        const [pile, top] = m.split('-').map(Number);
        piles.splice(pile - 1, 1, top, piles[pile - 1] - top);
    }
    return piles;
}

const moveCount = (page) => page.locator('#moves li').count();

/// Waits until the board holds at least `count` moves and it is a person's turn, or the game is over.
async function settle(page, count) {
    await page.waitForFunction((count) => {
        const status = document.querySelector('#status')?.textContent ?? '';
        const moves = document.querySelectorAll('#moves li').length;
        return /Game over/.test(status) || (moves >= count && /Your turn|to move/.test(status));
    }, count);
}

/// Asks for a hint and returns the board move it shows, as a locator of the highlighted dot or counter.
async function hint(page) {
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor();
    return page.locator('.dot.hint, .counter.hint');
}

test('the misère reference agrees with published misère values', () => {
    // Grundy's game: misère value 0 exactly at 3, 6, 9, …; 0.137 is Dawson's Kayles (0.07) shifted by one,
    // whose misère P-positions up to 20 are 2, 3, 7, 8, 12, 16, 17.
    const grundyP = [...Array(21).keys()].filter((n) => !misereWins('grundy', [n]));
    assert.deepEqual(grundyP, [3, 6, 9, 12, 15, 18]);
    const dotsP = [...Array(20).keys()].filter((n) => !misereWins('dots', [n]));
    assert.deepEqual(dotsP, [1, 2, 6, 7, 11, 15, 16]);
});

test('Dots: playing the hinted moves beats the perfect computer, and every hint leaves nim-sum 0', async () => {
    const page = await openPage(app.context);
    assert.notEqual(dots[17], 0, 'a row of 17 is a first-player win');
    await page.goto(app.url + '/dots?n=17&vs=computer&level=perfect');
    await page.locator('.dot').first().waitFor();
    assert.equal(await page.locator('.dot').count(), 17);
    await screenshot(page, 'dots-board-start');
    for (let turn = 0; turn < 20; turn += 1) {
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const before = await moveCount(page);
        const target = await hint(page);
        if (turn === 0) {
            await screenshot(page, 'dots-board-hint');
            const heaps = await heapsOf(page, 'dots');
            assert.equal(await page.locator('#explain-link').getAttribute('href'),
                `/learn/nim-sum?code=0.137&heaps=${heaps.join('.')}`);
        }
        await target.click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
        assert.equal(nimSum(dots, heapsAfter(page.url(), 'dots', before + 1)), 0, 'the hint leaves a P-position');
        await settle(page, before + 2);
        // The board shows the game of the URL; the computer's reply cannot leave nim-sum 0 again.
        const heaps = await heapsOf(page, 'dots');
        assert.deepEqual(heaps, heapsAfter(page.url(), 'dots', before + 2));
        if (heaps.length > 0) assert.notEqual(nimSum(dots, heaps), 0);
    }
    assert.match(await page.locator('#status').textContent(), /Game over: You win/);
    await screenshot(page, 'dots-board-won');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Grundy: the perfect computer moving first wins from a winning start, always moving to a P-position', async () => {
    const page = await openPage(app.context);
    assert.notEqual(grundy[9] ^ grundy[7], 0);
    await page.goto(app.url + '/grundy?piles=9.7&vs=computer&first=computer&level=perfect');
    for (let turn = 0; turn < 20; turn += 1) {
        await settle(page, 2 * turn + 1);
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        assert.equal(nimSum(grundy, await heapsOf(page, 'grundy')), 0, 'the computer moved to a P-position');
        if (turn === 1) await screenshot(page, 'grundy-board-play');
        // The person plays the first legal split.
        await page.locator('.counter:not([disabled])').first().click();
    }
    assert.match(await page.locator('#status').textContent(), /Game over: The computer wins/);
    const moves = await page.locator('#moves li').allTextContents();
    assert.match(moves[0], /^Computer: \d+ → \d+ \+ \d+$/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('the perfect computer, when losing, makes the game last as long as it can (Grundy and Dots, both plays)', async () => {
    for (const [game, start, misere] of [['grundy', '13.8', false], ['dots', '15', false], ['grundy', '13.7', true]]) {
        const page = await openPage(app.context);
        const setup = game === 'grundy' ? `piles=${start}` : `n=${start}`;
        const heaps0 = start.split('.').map(Number);
        assert.equal(remotenessOf(game, heaps0, misere)[0], true, `${game} ${start}: the person can win`);
        await page.goto(app.url + `/${game}?${setup}&vs=computer&level=perfect${misere ? '&rules=misere' : ''}`);
        let fights = 0;
        for (let turn = 0; turn < 20; turn += 1) {
            if (/Game over/.test(await page.locator('#status').textContent())) break;
            const before = await moveCount(page);
            await (await hint(page)).click();
            await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
            await settle(page, before + 2);
            if (/Game over/.test(await page.locator('#status').textContent()) && (await moveCount(page)) === before + 1) break;
            // The computer's reply: the longest-lasting of its moves, by a remoteness computed here.
            const lost = heapsAfter(page.url(), game, before + 1);
            const reply = heapsAfter(page.url(), game, before + 2);
            assert.equal(remotenessOf(game, lost, misere)[0], false, 'the hint left the computer lost');
            const longest = Math.max(...lost.flatMap((h, i) => optionsOf(game, h).map((pieces) =>
                remotenessOf(game, [...lost.slice(0, i), ...pieces, ...lost.slice(i + 1)], misere)[1])));
            assert.equal(remotenessOf(game, reply, misere)[1], longest, `${game} ${lost} -> ${reply}`);
            assert.match(await page.locator('body').textContent(), /makes the game last as long as it can/);
            fights += 1;
        }
        assert.ok(fights >= 2, `${game}: the computer replied ${fights} times`);
        assert.match(await page.locator('#status').textContent(), /Game over: You win/);
        assert.deepEqual(page.problems, []);
        await page.close();
    }
});

test('Grundy misère: hinted moves lead to misère P-positions and beat the perfect computer', async () => {
    const page = await openPage(app.context);
    const start = [11, 6];
    assert.ok(misereWins('grundy', start), 'the start is a misère first-player win');
    await page.goto(app.url + `/grundy?piles=${start.join('.')}&rules=misere&vs=computer&level=perfect`);
    for (let turn = 0; turn < 20; turn += 1) {
        await settle(page, 2 * turn);
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const before = await moveCount(page);
        const target = await hint(page);
        assert.match(await page.locator('#misere-method').textContent(), /Misère play: decided by/);
        if (turn === 0) await screenshot(page, 'grundy-misere-hint');
        await target.click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
        const after = heapsAfter(page.url(), 'grundy', before + 1);
        assert.equal(misereWins('grundy', after), false, 'the hint leaves a misère P-position');
    }
    assert.match(await page.locator('#status').textContent(), /Game over: You win — the computer had to make the last move/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Grundy misère: single large piles get the outcome the plain reference search finds', async () => {
    const page = await openPage(app.context);
    for (const pile of [45, 47, 50]) {
        await page.goto(app.url + `/grundy?piles=${pile}&rules=misere&vs=human`);
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
        const lost = await page.locator('#hint-verdict.lost').count() === 1;
        assert.equal(lost, !misereWins('grundy', [pile]), `pile ${pile}`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Kayles on a row of pins: the rules in words, refused groups explained, hinted moves win', async () => {
    const kayles = rowValues([0, 7, 7], 40);
    assert.deepEqual(kayles.slice(0, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]); // OEIS A002186
    const page = await openPage(app.context);
    await page.goto(app.url + '/dots?code=kayles&n=11&vs=computer&level=perfect');
    await page.locator('.pin').first().waitFor();
    assert.match(await page.locator('h1').textContent(), /Kayles \(0\.77\)/);
    assert.match(await page.locator('.rules').textContent(), /one pin anywhere in a row; or 2 adjacent pins anywhere in a row/);
    // Three pins at once is not a Kayles move.
    await page.locator('[data-pin="2"]').click();
    await page.locator('[data-pin="4"]').click();
    assert.match(await page.locator('#pin-refusal').textContent(), /pins 2–4 is not a move in 0\.77/);
    for (let turn = 0; turn < 12; turn += 1) {
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const before = await moveCount(page);
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor();
        const pins = await page.locator('.pin.hint').evaluateAll((els) => els.map((el) => el.dataset.pin));
        await page.locator(`[data-pin="${pins[0]}"]`).click();
        await page.locator(`[data-pin="${pins[pins.length - 1]}"]`).click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
        assert.equal(nimSum(kayles, heapsAfter(page.url(), 'dots', before + 1)), 0, 'the hint leaves a P-position');
        await settle(page, before + 2);
    }
    assert.match(await page.locator('#status').textContent(), /Game over: You win/);
    await screenshot(page, 'kayles-won');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a shared link reopens the same game; back and forward step through its moves', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/dots?n=12&vs=human');
    await page.locator('[data-dot="3"]').click();
    await page.locator('[data-dot="8"]').click();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    const link = page.url();
    assert.match(link, /m=3\.8/);
    const heaps = await heapsOf(page, 'dots');
    assert.deepEqual(heaps, [1, 2, 3]);
    const other = await openPage(app.context);
    await other.goto(link);
    await other.locator('#moves li').nth(1).waitFor();
    assert.deepEqual(await heapsOf(other, 'dots'), heaps);
    assert.equal(await other.locator('#status').textContent(), 'Player 1 to move.');
    assert.equal(await other.locator('#copy-link').count(), 1);
    await other.close();
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await heapsOf(page, 'dots'), [1, 8]);
    await page.goForward();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('undo takes back a move and the computer\'s reply; redo and keyboard shortcuts work', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?piles=10.8&vs=computer&level=learner');
    await page.locator('[data-pile="1"][data-top="3"]').click();
    await settle(page, 2);
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
    assert.deepEqual(await heapsOf(page, 'grundy'), [10, 8]);
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
    await page.keyboard.press('r');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    await page.keyboard.press('h');
    await page.locator('#hint-verdict').waitFor();
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('malformed or hostile game links get a clear message, no injected markup, and a fresh game', async () => {
    const page = await openPage(app.context);
    const cases = [
        ['/dots?n=5&m=1.2', /move 2: dot 2 is not a legal move/],
        ['/dots?n=999999', /too large/],
        ['/grundy?piles=%3Cimg%20src%3Dx%3E', /not a pile size/],
        ['/grundy?piles=8&m=1-4', /move 1: 8 → 4 \+ 4 is not a legal move/],
        ['/dots?rules=sideways', /normal or misere/],
    ];
    for (const [path, message] of cases) {
        await page.goto(app.url + path);
        await page.locator('#url-error').waitFor();
        assert.match(await page.locator('#url-error').textContent(), message, path);
        assert.equal(await page.locator('main img').count(), 0);
        assert.ok((await page.locator('.dot, .counter').count()) > 0, 'a fresh board is shown');
    }
    await screenshot(page, 'board-bad-link');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a long row wraps on a narrow screen and a tall pile fits', async () => {
    const page = await app.context.newPage();
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto(app.url + '/dots?n=120&vs=human');
    await page.locator('.dot').nth(119).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 420, `no horizontal scrolling (page is ${width}px wide)`);
    await screenshot(page, 'dots-board-narrow');
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(app.url + '/grundy?piles=50.3.24&vs=human');
    await page.locator('.counter').nth(70).waitFor();
    await screenshot(page, 'grundy-board-tall');
    await page.close();
});
