// End-to-end: "Show values" on a row of pins (Kayles, 0.77), at the sizes a class uses. Every knock-down the
// rules allow is listed once, winning or losing with the moves then left; each pin shows the best knock-down
// with an end there, and once a first pin is chosen, each pin that would finish a move shows that move. All
// checked against moves worked out here from the octal code's definition and the remoteness brute force of
// reference.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor } from './harness.mjs';
import { remotenessOf } from './reference.mjs';

const env = useServerAndBrowser();
const CODE = '0.77';

/// Every knock-down of a row (`standing[i]` true for a standing pin) under an octal code read from its
/// definition: k adjacent standing pins of one run may go when digit k allows what is left of the run (bit 1
/// nothing, bit 2 one piece, bit 4 two pieces). Each with the heaps left in the whole row. Pins from 1.
function knockDowns(code, standing) {
    const digits = code.split('.')[1].split('').map(Number);
    const runs = [];
    standing.forEach((up, i) => {
        if (!up) return;
        if (i > 0 && standing[i - 1]) runs[runs.length - 1].len += 1;
        else runs.push({ start: i, len: 1 });
    });
    const moves = [];
    runs.forEach((run, r) => {
        const others = runs.filter((_, o) => o !== r).map((o) => o.len);
        digits.forEach((digit, d) => {
            const k = d + 1;
            for (let start = run.start; start + k <= run.start + run.len; start += 1) {
                const pieces = [start - run.start, run.start + run.len - start - k].filter((p) => p > 0);
                if (digit & (1 << pieces.length)) moves.push({ start: start + 1, len: k, heaps: [...others, ...pieces] });
            }
        });
    });
    return moves;
}

/// What the page should show for a move: [`P` or `N` after it, moves then left, wins] (in misère play when
/// `misere`: whoever cannot move wins).
function expected(heaps, misere = false) {
    const [childWins, remoteness] = remotenessOf(CODE, heaps, misere);
    return { after: childWins ? 'N' : 'P', remoteness, wins: !childWins };
}

const name = (m) => (m.len === 1 ? `pin ${m.start}` : `pins ${m.start}–${m.start + m.len - 1}`);

async function marksOf(page, selector) {
    return page.locator(selector).evaluateAll((els) => els.map((el) => ({
        pin: Number(el.dataset.pin), start: Number(el.dataset.start), len: Number(el.dataset.len),
        after: el.dataset.after ?? null, remoteness: el.dataset.remoteness === undefined ? null : Number(el.dataset.remoteness),
        wins: el.classList.contains('wins'), loses: el.classList.contains('loses'), text: el.textContent,
    })));
}

/// Checks the list of knock-downs and the pins' marks with nothing chosen, for the row `standing` (in
/// misère play when `misere`).
async function checkRow(page, standing, where, misere = false) {
    const legal = knockDowns(CODE, standing);
    await page.waitForFunction((n) => document.querySelectorAll('#knock-downs .knock-down[data-after]').length === n, legal.length);
    const listed = await marksOf(page, '#knock-downs .knock-down');
    assert.deepEqual(listed.map((m) => `${m.start}+${m.len}`).sort(), legal.map((m) => `${m.start}+${m.len}`).sort(),
        `${where}: every knock-down the rules allow is listed once`);
    for (const m of listed) {
        const want = expected(legal.find((l) => l.start === m.start && l.len === m.len).heaps, misere);
        assert.equal(m.after, want.after, `${where}: ${name(m)}`);
        assert.equal(m.remoteness, want.remoteness, `${where}: ${name(m)}`);
        assert.equal(m.wins, want.wins, `${where}: ${name(m)} green exactly when it wins`);
        assert.equal(m.loses, !want.wins);
        assert.ok(m.text.startsWith(name(m)), `${where}: ${m.text} names ${name(m)}`);
    }
    const winning = legal.filter((m) => expected(m.heaps, misere).wins).map(name);
    const sentence = await page.locator('#winning-knock-downs').textContent();
    if (winning.length === 0) assert.match(sentence, /No knock-down wins/);
    for (const w of winning) assert.ok(sentence.includes(w), `${where}: "${sentence}" names ${w}`);

    // Nothing chosen: each standing pin shows its best knock-down (quickest win, else longest loss).
    const pins = await marksOf(page, '.pin');
    for (const pin of pins) {
        const ends = legal.filter((m) => m.start === pin.pin || m.start + m.len - 1 === pin.pin).map((m) => expected(m.heaps, misere));
        if (ends.length === 0) {
            assert.equal(pin.after, null, `${where}: pin ${pin.pin} has no move`);
            continue;
        }
        const wins = ends.filter((e) => e.wins);
        const best = wins.length ? Math.min(...wins.map((e) => e.remoteness)) : Math.max(...ends.map((e) => e.remoteness));
        assert.equal(pin.wins, wins.length > 0, `${where}: pin ${pin.pin} green exactly when a winning knock-down ends there`);
        assert.equal(pin.remoteness, best, `${where}: pin ${pin.pin}`);
        assert.equal(pin.text, String(best));
    }
    return legal;
}

test('Show values on a row of pins: every knock-down and every pin as the brute force values them, at every size', async () => {
    for (const size of SIZES) {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        const where = `${size.width}x${size.height}`;
        const press = (selector) => (size.touch ? page.locator(selector).tap() : page.locator(selector).click());

        await page.goto(env.url + '/dots?code=kayles&n=9&vs=human');
        await page.locator('.pin').first().waitFor();
        await press('#show-values');
        const standing = Array(9).fill(true);
        const legal = await checkRow(page, standing, `${where}, 9 pins`);
        // Kayles 9 is won: the mirror moves (pin 5, the middle; pins 4–5 and 5–6 leave 3 and 4) are shown each.
        assert.ok(legal.filter((m) => expected(m.heaps).wins).length >= 1);
        await screenshot(page, `values-pins-${where}`);

        // Pin 4 chosen: each pin that finishes a move from it shows that move; the others nothing.
        await press('[data-pin="4"]');
        await page.locator('#pin-selection').waitFor();
        await page.waitForFunction(() => document.querySelector('.pin.selected') !== null);
        const pins = await marksOf(page, '.pin');
        for (const pin of pins) {
            const start = Math.min(4, pin.pin);
            const move = legal.find((m) => m.start === start && m.len === Math.abs(pin.pin - 4) + 1);
            if (!move) {
                assert.equal(pin.after, null, `${where}: pins 4 to ${pin.pin} is no move`);
                continue;
            }
            const want = expected(move.heaps);
            assert.equal(pin.after, want.after, `${where}: from pin 4 to pin ${pin.pin}`);
            assert.equal(pin.remoteness, want.remoteness, `${where}: from pin 4 to pin ${pin.pin}`);
            assert.equal(pin.wins, want.wins);
        }
        assert.match(await page.locator('#pin-selection').textContent(), /The marked pins finish a move/);
        await screenshot(page, `values-pins-chosen-${where}`);
        // The board stays in view with its values, across and down.
        const box = await page.locator('.pins-board').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= size.width + 1, `${where}: the row fits across`);
        assert.ok(box.y + box.height <= size.height, `${where}: the row is in view without scrolling`);

        // Knocking down pins 4–5 leaves runs of 3 and 4: valued again for the other player.
        await press('[data-pin="5"]');
        await page.waitForFunction(() => document.querySelectorAll('.pin.marked').length === 2);
        standing[3] = false;
        standing[4] = false;
        await checkRow(page, standing, `${where}, after pins 4–5`);
        // A knock-down of the list plays it.
        const first = knockDowns(CODE, standing)[0];
        await press(`#knock-downs .knock-down[data-start="${first.start}"][data-len="${first.len}"]`);
        await page.waitForFunction((n) => document.querySelectorAll('.pin.marked').length === n, 2 + first.len);
        for (let i = first.start - 1; i < first.start - 1 + first.len; i += 1) standing[i] = false;
        await checkRow(page, standing, `${where}, after ${name(first)}`);

        // Turned off, the marks go.
        await press('#show-values');
        await page.waitForFunction(() => document.querySelectorAll('[data-after]').length === 0);
        assert.equal(await page.locator('#knock-downs').count(), 0);
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});

// Misère play (whoever knocks down the last pin loses): the marks follow the misère brute force, down to the
// end of the game, where taking the last pin is marked as losing.
test('Show values on a row of pins in misère play: every knock-down and every pin as the misère brute force values them', async () => {
    for (const size of [SIZES[0], SIZES[2]]) {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        const where = `${size.width}x${size.height}, misère`;
        const press = (selector) => (size.touch ? page.locator(selector).tap() : page.locator(selector).click());
        await page.goto(env.url + '/dots?code=kayles&n=7&rules=misere&vs=human');
        await page.locator('.pin').first().waitFor();
        await press('#show-values');
        const standing = Array(7).fill(true);
        let differs = false;
        // Each turn, the row is checked, then the longest knock-down of the list is played (2 pins, then 1 at the end).
        for (let turn = 0; knockDowns(CODE, standing).length > 0; turn += 1) {
            const legal = await checkRow(page, standing, `${where}, turn ${turn + 1}`, true);
            differs ||= legal.some((m) => expected(m.heaps, true).wins !== expected(m.heaps, false).wins);
            if (standing.filter(Boolean).length === 1) {
                const [last] = legal;
                assert.equal(expected(last.heaps, true).wins, false, 'taking the last pin loses in misère play');
                const shown = await page.locator(`#knock-downs .knock-down[data-start="${last.start}"]`).evaluate((el) => el.className);
                assert.match(shown, /loses/, `${where}: taking the last pin is marked as losing`);
            }
            const move = legal.reduce((a, b) => (b.len > a.len ? b : a));
            const down = standing.filter((up) => !up).length;
            await press(`#knock-downs .knock-down[data-start="${move.start}"][data-len="${move.len}"]`);
            await page.waitForFunction((n) => document.querySelectorAll('.pin.marked').length === n, down + move.len);
            for (let i = move.start - 1; i < move.start - 1 + move.len; i += 1) standing[i] = false;
        }
        assert.ok(differs, `${where}: some move's value differs from normal play, so misère play was checked`);
        await screenshot(page, `values-pins-misere-${size.width}x${size.height}`);
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});
