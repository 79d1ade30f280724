// End-to-end: the Nim page at the sizes a class uses (1024×768 projector, 1366×768 laptop, 390×844 phone
// by touch). The reference is Nim's rule written here (game_moves.mjs): the player to move loses exactly
// when the nim-sum of the piles is 0, and in misère play the same except when every pile is 1 or less.
// Each hint, each computer reply, each challenge verdict and each value shown is checked against it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, PLAY_SIZES, contextFor } from './harness.mjs';
import { nimSum, nimAfter } from './game_moves.mjs';
import { remotenessOf } from './reference.mjs';

const env = useServerAndBrowser();

/// Misère Nim's rule: when every pile is 1 or less the player to move wins with an even number of piles
/// of 1; otherwise exactly when the nim-sum is not 0.
const misereWins = (piles) => (piles.every((p) => p <= 1) ? piles.filter((p) => p === 1).length % 2 === 0 : nimSum(piles) !== 0);

/// The piles drawn on the board, left to right.
const boardPiles = (page) => page.locator('.piles-board .pile')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-size'))));

/// The piles after the first `count` moves in the page's URL (all by default), replayed here from the rules
/// (`m=pile-taken`).
function pilesInUrl(url, count = Infinity) {
    const query = new URL(url).searchParams;
    let piles = query.get('piles').split('.').map(Number);
    for (const m of (query.get('m') ?? '').split('.').filter((m) => m !== '').slice(0, count)) {
        const [pile, count] = m.split('-').map(Number);
        piles = nimAfter(piles, pile - 1, count);
    }
    return piles;
}

/// The piles after "take `count` from the pile of `size`".
function afterTaking(piles, count, size) {
    const p = piles.indexOf(size);
    assert.ok(p >= 0 && count >= 1 && count <= size, `a pile of ${size} to take ${count} from, in ${piles}`);
    return nimAfter(piles, p, count);
}

/// Whether the element's box lies inside the window (a pixel of rounding allowed).
async function inWindow(page, selector) {
    const box = await page.locator(selector).first().boundingBox();
    const { width, height } = page.viewportSize();
    return box !== null && box.x >= -1 && box.y >= -1 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
}

/// A press on a counter: a tap on a touch screen, else a click.
const press = (locator, touch) => (touch ? locator.tap() : locator.click());

const moveCount = (page) => page.locator('#moves li').count();

/// Waits until the game has at least `count` moves and it is the person's turn, or it is over.
const settle = (page, count) => page.waitForFunction((count) => {
    const status = document.querySelector('#status')?.textContent ?? '';
    return /Game over/.test(status) || (document.querySelectorAll('#moves li').length >= count && /Your turn/.test(status));
}, count, { timeout: 60_000 });

const HINT = /^Take (\d+) from the pile of (\d+)\. Then, whatever your opponent does, you can always answer so that you take the last counter\.$/;
const JARGON = /⊕|\*\d|N-position|P-position|nimber|XOR|nim-sum/;

for (const size of PLAY_SIZES) {
    const label = `${size.width}x${size.height}`;
    test(`Nim at ${label}: piles=3.4.5 in view, hints leave nim-sum 0, a whole game beats the computer`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        await page.goto(env.url + '/nim?piles=3.4.5');
        await page.locator('.piles-board .counter').first().waitFor();
        assert.match(await page.locator('h1').textContent(), /^Nim$/);
        assert.deepEqual(await boardPiles(page), [3, 4, 5]);
        // The whole board and the status are in the window as the page opens, with no scrolling.
        assert.equal(await page.evaluate(() => window.scrollY), 0);
        assert.ok(await inWindow(page, '.piles-board'), `${label}: the board is in the window`);
        assert.ok(await inWindow(page, '#status'), `${label}: the status is in the window`);
        if (size.width !== 1366) await screenshot(page, `nim-start-${label}`);

        for (let turn = 0; turn < 12; turn += 1) {
            if (/Game over/.test(await page.locator('#status').textContent())) break;
            const piles = await boardPiles(page);
            assert.deepEqual(piles, pilesInUrl(page.url()), `${label}: the board shows the game of the URL`);
            assert.notEqual(nimSum(piles), 0, `${label}: the person moves from a winning position`);
            const before = await moveCount(page);
            await page.click('#hint');
            await page.locator('#hint-plain').waitFor();
            const plain = await page.locator('#hint-plain').textContent();
            const named = HINT.exec(plain);
            assert.ok(named, `${label}: ${plain}`);
            assert.doesNotMatch(plain, JARGON);
            const [count, from] = [Number(named[1]), Number(named[2])];
            const after = afterTaking(piles, count, from);
            assert.equal(nimSum(after), 0, `${label}: "${plain}" leaves nim-sum 0 (${after})`);
            if (turn === 0) {
                // The expert wording, a click away: the nim-sum in binary (3 ⊕ 4 ⊕ 5 = 2 = 010).
                const why = page.locator('details.hint-why');
                if (!(await why.evaluate((d) => d.open))) await page.click('details.hint-why summary');
                const row = await page.locator('#nim-sum-row').textContent();
                assert.match(row, new RegExp(`${nimSum(piles).toString(2).padStart(3, '0')}$`), row);
                assert.match(await why.locator('.explanation').textContent(), /nim-sum is 2 \(010\)/);
                if (size.width !== 1366) await screenshot(page, `nim-hint-${label}`);
            }
            // The counter the hint lights is the one to press: it and those above it are taken.
            const target = page.locator('.counter.hint');
            assert.equal(Number(await target.getAttribute('data-top')), count);
            await press(target, size.touch);
            await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
            assert.deepEqual(pilesInUrl(page.url(), before + 1), after, `${label}: the move played is the hinted one`);
            await settle(page, before + 2);
            const now = await boardPiles(page);
            assert.deepEqual(now, pilesInUrl(page.url()));
            // The computer cannot leave nim-sum 0 again.
            if (now.length > 0) assert.notEqual(nimSum(now), 0, `${label}: after the computer's reply ${now}`);
        }
        const status = await page.locator('#status').textContent();
        assert.match(status, /Game over: You win — you made the last move/);
        await page.locator('#scorecard').waitFor();
        assert.match(await page.locator('#scorecard').textContent(), /you won 1, it won 0/);
        // The review of the finished game: every one of the person's moves won.
        await page.waitForFunction(() => /mistake/.test(document.querySelector('#review-summary')?.textContent ?? ''), null, { timeout: 60_000 });
        assert.match(await page.locator('#review-summary').textContent(), /^No mistakes/);
        if (size.width !== 1366) await screenshot(page, `nim-won-${label}`);
        assert.deepEqual(page.problems, [], label);
        await context.close();
    });

    test(`Nim at ${label}: a challenge link judges a wrong move, then a right one, by the nim-sum`, async () => {
        const context = await contextFor(env.browser, size);
        const teacher = await openPage(context);
        await teacher.goto(env.url + '/nim?piles=2.5.6&vs=computer');
        await teacher.locator('#status').waitFor();
        await teacher.click('#make-challenge');
        const link = await teacher.locator('#challenge-url').inputValue();
        assert.match(link, /\/nim\?piles=2\.5\.6&.*challenge=0/);

        const student = await openPage(context);
        await student.goto(link);
        await student.locator('#challenge-prompt').waitFor();
        assert.equal(await student.locator('#hint').count(), 0, `${label}: no Hint in a challenge`);
        assert.equal(await student.locator('#show-values').count(), 0, `${label}: no Show values in a challenge`);
        assert.ok(await inWindow(student, '.piles-board'), `${label}: the board is in the window`);
        const piles = [2, 5, 6];
        const moves = piles.flatMap((s, p) => [...Array(s).keys()].map((k) => ({ p, count: k + 1 })));
        const play = async (wins) => {
            const { p, count } = moves.find(({ p, count }) => (nimSum(nimAfter(piles, p, count)) === 0) === wins);
            await press(student.locator(`[data-pile="${p + 1}"][data-top="${count}"]`), size.touch);
            await student.locator('#challenge-verdict').waitFor({ timeout: 60_000 });
            await student.waitForFunction(() => !/Checking/.test(document.querySelector('#challenge-verdict').textContent));
            return student.locator('#challenge-verdict').textContent();
        };
        const wrong = await play(false);
        const named = /^Not this one: after \d+ → \d+,? your opponent can win\. (\d+) → (\d+) would have won\.$/.exec(wrong);
        assert.ok(named, `${label}: ${wrong}`);
        const [from, left] = [Number(named[1]), Number(named[2])];
        assert.equal(nimSum(afterTaking(piles, from - left, from)), 0, `${label}: ${from} → ${left} wins`);
        if (size.width !== 1366) await screenshot(student, `nim-challenge-wrong-${label}`);
        await student.click('#try-again');
        await student.locator('#challenge-prompt').waitFor();
        const right = await play(true);
        assert.match(right, /^Right! \d+ → \d+ wins: whatever your opponent does now, you can still win\./, `${label}: ${right}`);
        assert.deepEqual(student.problems, [], label);
        assert.deepEqual(teacher.problems, [], label);
        await context.close();
    });
}

test('bad piles in the link or the form get a clear message, and a good form starts its game', async () => {
    const context = await contextFor(env.browser, SIZES[2]);
    const page = await openPage(context);
    const cases = [
        ['piles=3.x', /“x” is not a pile size/],
        ['piles=3.99999999', /too large \(at most 50\)/],
        ['piles=3.51', /a pile size of 51 is too large/],
        ['piles=0.4', /a pile of 0 is no pile/],
        [`piles=${Array(13).fill(1).join('.')}`, /13 piles are too many \(at most 12\)/],
        ['piles=3.4&m=1-4', /move 1/],
        ['piles=<b>x</b>', /is not a pile size/],
    ];
    for (const [query, message] of cases) {
        await page.goto(`${env.url}/nim?${query}`);
        await page.locator('#url-error').waitFor();
        assert.match(await page.locator('#url-error').textContent(), message, query);
        assert.equal(await page.locator('#url-error b').count(), 0, 'no markup from the link');
        // A fresh game is shown instead.
        assert.deepEqual(await boardPiles(page), [3, 4, 5], query);
    }
    await page.goto(`${env.url}/nim`);
    await page.locator('.setup summary').tap();
    await page.fill('#setup-size', '3 x');
    await page.locator('#setup-start').tap();
    await page.locator('details.setup .error').waitFor();
    assert.match(await page.locator('details.setup .error').textContent(), /“x” is not a pile size/);
    await page.fill('#setup-size', '1 3 5 7');
    await page.locator('#setup-start').tap();
    await page.waitForFunction(() => document.querySelectorAll('.piles-board .pile').length === 4);
    assert.deepEqual(await boardPiles(page), [1, 3, 5, 7]);
    assert.match(page.url(), /piles=1\.3\.5\.7/);
    assert.ok(await inWindow(page, '.piles-board'), 'the board is in view after Start');
    // The Dots page sends Nim here rather than drawing it as one row.
    await page.goto(`${env.url}/dots?code=nim`);
    assert.match(await page.locator('#url-error').textContent(), /Nim is played on its own page/);
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('misère Nim: the hint leaves a position lost for the other player, by misère Nim\'s rule', async () => {
    const context = await contextFor(env.browser, SIZES[0]);
    const page = await openPage(context);
    for (const start of [[1, 1, 3], [2, 2, 1], [4, 5, 6], [1, 1, 1]]) {
        await page.goto(`${env.url}/nim?piles=${start.join('.')}&rules=misere&vs=human`);
        await page.locator('#hint:not([disabled])').waitFor();
        await page.click('#hint');
        await page.locator('#hint-plain').waitFor();
        const plain = await page.locator('#hint-plain').textContent();
        if (!misereWins(start)) {
            assert.match(plain, /^Every move loses/, `${start}: ${plain}`);
            continue;
        }
        const named = /^Take (\d+) from the pile of (\d+)\. Then, whatever your opponent does, you can always answer so that your opponent has to take the last counter\.$/.exec(plain);
        assert.ok(named, `${start}: ${plain}`);
        const after = afterTaking(start, Number(named[1]), Number(named[2]));
        assert.equal(misereWins(after), false, `${start}: "${plain}" leaves ${after}, lost for the other player`);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Show values marks every counter of Nim as the nim-sum and a brute force of remoteness value it, or says it cannot', async () => {
    const context = await contextFor(env.browser, SIZES[0]);
    const page = await openPage(context);
    await page.goto(`${env.url}/nim?piles=3.4.5&vs=human`);
    await page.locator('.counter').first().waitFor();
    await page.click('#show-values');
    await page.waitForFunction(() => document.querySelectorAll('.counter[data-after]').length === 12);
    const counters = await page.locator('.counter').evaluateAll((els) => els.map((el) => ({
        pile: Number(el.getAttribute('data-pile')), top: Number(el.getAttribute('data-top')),
        wins: el.classList.contains('wins'), remoteness: Number(el.getAttribute('data-remoteness')),
    })));
    const piles = [3, 4, 5];
    for (const c of counters) {
        const after = nimAfter(piles, c.pile - 1, c.top);
        assert.equal(c.wins, nimSum(after) === 0, `take ${c.top} from pile ${c.pile}`);
        assert.equal(c.remoteness, remotenessOf('nim', after)[1], `take ${c.top} from pile ${c.pile}`);
    }
    // 3 ⊕ 4 ⊕ 5 = 2: only 3 → 1 wins.
    assert.deepEqual(counters.filter((c) => c.wins).map((c) => `${c.pile}-${c.top}`), ['1-2']);
    await screenshot(page, 'nim-values-1024x768');
    // Too large to search in time (C(55, 5) positions, past the page's million): the page says so.
    await page.goto(`${env.url}/nim?piles=50.49.30.20.7&vs=human`);
    await page.locator('.counter').first().waitFor();
    await page.click('#show-values');
    await page.locator('#values-undecided').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.counter[data-after]').count(), 0);
    assert.deepEqual(page.problems, []);
    await context.close();
});
