// End-to-end: the Sprouts page in the release build. Outcomes of the n-spot starts are checked against the
// published pattern (normal play: the first player wins iff n mod 6 is 3, 4 or 5; misère play for n = 1..5:
// W L L L W); full games against the computer are played through the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useApp, openPage, screenshot, artifacts, spotAt, drag } from './harness.mjs';

const app = useApp({ viewport: { width: 1100, height: 900 } });

async function hintVerdict(page) {
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    return page.locator('#hint-verdict').textContent();
}

test('Sprouts: the solver gives the published outcomes of the 1- to 5-spot starts, normal and misère', async () => {
    const page = await openPage(app.context);
    const misereWins = [true, false, false, false, true];
    for (let n = 1; n <= 5; n += 1) {
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human`);
        const normal = await hintVerdict(page);
        assert.match(normal, [3, 4, 5].includes(n % 6) ? /player to move wins/ : /player to move loses/, `${n} spots`);
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human&rules=misere`);
        const misere = await hintVerdict(page);
        assert.match(misere, misereWins[n - 1] ? /player to move wins/ : /player to move loses/, `${n} spots misère`);
    }
    // 6 spots answers at once from the base shipped with the app.
    await page.goto(`${app.url}/sprouts?start=6&vs=human`);
    assert.match(await hintVerdict(page), /player to move loses/);
    assert.match(await page.locator('.hint-panel .muted').textContent(), /^0 positions searched/);
    await screenshot(page, 'sprouts-hint');
    // Misère 9 and 10 spots (published: L, W), beyond the shipped base: searched on simplest forms.
    for (const [n, wins] of [[9, false], [10, true]]) {
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human&rules=misere`);
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 180_000 });
        assert.match(await page.locator('#hint-verdict').textContent(), wins ? /player to move wins/ : /player to move loses/, `${n} spots misère`);
    }
    // 12 to 14 spots (lost for the first player, n mod 6 is 0, 1, 2) answer at once too.
    for (const n of [12, 13, 14]) {
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human`);
        assert.match(await hintVerdict(page), /player to move loses/, `${n} spots`);
        assert.match(await page.locator('.hint-panel .muted').textContent(), /^0 positions searched/, `${n} spots`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: on the won 9- to 11-spot starts the hint marks a winning move, and that move leaves a lost position', async () => {
    const page = await openPage(app.context);
    for (const n of [9, 10, 11]) {
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human`);
        assert.match(await hintVerdict(page), /player to move wins/, `${n} spots`);
        const winning = await page.locator('.child.wins code').allTextContents();
        assert.ok(winning.length >= 1, `${n} spots: a winning move is marked`);
        // Every move is marked at once from the shipped base (a few positions are expanded on the way,
        // against thousands without the moves in the base), and each mark is what the move's position
        // asked on its own gets.
        const searched = /^(\d+) positions searched/.exec(await page.locator('.hint-panel .muted').textContent());
        assert.ok(searched && Number(searched[1]) < 100, `${n} spots: ${searched?.[0]}`);
        const marks = await page.locator('#children .child').evaluateAll((items) => items.map((li) => ({
            position: li.querySelector('code').textContent,
            wins: li.classList.contains('wins') ? true : li.classList.contains('loses') ? false : null,
        })));
        assert.ok(marks.length >= 4, `${n} spots: its moves are listed`);
        for (const { position, wins } of marks) {
            assert.notEqual(wins, null, `${n} spots -> ${position}: marked`);
            const alone = await openPage(app.context);
            await alone.goto(`${app.url}/sprouts?start=${encodeURIComponent(position)}&vs=human`);
            assert.match(await hintVerdict(alone), wins ? /player to move loses/ : /player to move wins/, `${n} spots -> ${position}`);
            assert.deepEqual(alone.problems, []);
            await alone.close();
        }
        // The board draws the hint as a curve (routed by the worker); the position it makes is the winning
        // move or the same game drawn another way.
        const curve = page.locator('path.curve.hint');
        await curve.waitFor({ state: 'attached', timeout: 30_000 });
        const drawn = await curve.getAttribute('data-makes');
        // Asked on its own, the position after the winning move, and after the drawn curve, is lost for the
        // player to move.
        for (const position of new Set([winning[0], drawn])) {
            const child = await openPage(app.context);
            await child.goto(`${app.url}/sprouts?start=${encodeURIComponent(position)}&vs=human`);
            assert.match(await hintVerdict(child), /player to move loses/, `${n} spots: ${position}`);
            assert.deepEqual(child.problems, []);
            await child.close();
        }
    }
    await screenshot(page, 'sprouts-hint-11');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts misère: on the 9- to 13-spot starts the hint marks every move at once, and each winning move leaves a lost position', async () => {
    // Published misère outcomes (DESIGN.md): 9 spots L, 10, 11 and 12 W; 13 has none (the verdict
    // must then agree with the marks). Past what the shipped base holds, the worker answers from the
    // shipped form proof (www/sprouts-misere.bin).
    const page = await openPage(app.context);
    for (const [n, published] of [[9, false], [10, true], [11, true], [12, true], [13, null]]) {
        await page.goto(`${app.url}/sprouts?start=${n}&rules=misere&vs=human`);
        const verdict = await hintVerdict(page);
        const wins = published ?? /player to move wins/.test(verdict);
        assert.match(verdict, wins ? /player to move wins/ : /player to move loses/, `${n} spots`);
        const searched = /^(\d+) positions searched/.exec(await page.locator('.hint-panel .muted').textContent());
        assert.ok(searched && Number(searched[1]) < 100, `${n} spots: ${searched?.[0]}`);
        const marks = await page.locator('#children .child').evaluateAll((items) => items.map((li) => ({
            position: li.querySelector('code').textContent,
            wins: li.classList.contains('wins') ? true : li.classList.contains('loses') ? false : null,
        })));
        assert.ok(marks.length >= 6, `${n} spots: its moves are listed`);
        assert.ok(marks.every(({ wins: w }) => w !== null), `${n} spots: every move marked`);
        assert.equal(marks.some(({ wins: w }) => w), wins, `${n} spots: a winning move exactly when won`);
        // Asked on its own, the position after each winning move is lost for the player to move.
        for (const { position } of marks.filter(({ wins: w }) => w)) {
            const alone = await openPage(app.context);
            await alone.goto(`${app.url}/sprouts?start=${encodeURIComponent(position)}&rules=misere&vs=human`);
            assert.match(await hintVerdict(alone), /player to move loses/, `${n} spots -> ${position}`);
            assert.deepEqual(alone.problems, []);
            await alone.close();
        }
    }
    await screenshot(page, 'sprouts-misere-hint-13');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: the hint on a sum of lands shows each land\'s nimber and their nim-sum', async () => {
    // Published nimbers of the n-spot starts: 1 → 0, 2 → 0, 3 → 1, 4 → 1, 5 → 1, 6 → 0.
    const published = { 2: 0, 3: 1, 4: 1, 5: 1, 6: 0 };
    const page = await openPage(app.context);
    for (const spots of [[3, 4], [3, 4, 5], [2, 5, 6]]) {
        const start = spots.map((n) => `0*${n}`).join('+');
        await page.goto(`${app.url}/sprouts?start=${encodeURIComponent(start)}&vs=human`);
        const verdict = await hintVerdict(page);
        const rows = await page.locator('#sprouts-lands tbody tr').evaluateAll((trs) => trs.map((tr) => ({
            position: tr.querySelector('code').textContent,
            nimber: tr.querySelectorAll('td')[2].textContent,
            changed: tr.classList.contains('changed'),
        })));
        const expected = spots.map((n) => `*${published[n]}`).sort();
        assert.deepEqual(rows.map((r) => r.nimber).sort(), expected, start);
        const sum = spots.reduce((s, n) => s ^ published[n], 0);
        assert.equal(await page.locator('#nim-sum-row th.number').first().textContent(), `*${sum}`, start);
        assert.match(verdict, sum === 0 ? /player to move loses/ : /player to move wins/, start);
        assert.equal(rows.filter((r) => r.changed).length, sum === 0 ? 0 : 1, `${start}: the winning move's land is marked`);
    }
    await screenshot(page, 'sprouts-lands-hint');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: winning moves from the hint beat the perfect computer, and the game is in the URL', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=4&vs=computer&level=perfect`);
    for (let turn = 0; turn < 12; turn += 1) {
        await page.waitForFunction(() => /Your turn|Game over/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 60_000 });
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        assert.match(await hintVerdict(page), /player to move wins/);
        const before = await page.locator('#moves li').count();
        await page.locator('.child.wins').first().click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
    }
    assert.match(await page.locator('#status').textContent(), /Game over: You win/);
    // The game is drawn to its end (a move the router cannot draw exactly is laid out afresh, or at the
    // very end left undrawn: see issue 6).
    assert.equal(await page.locator('#no-drawing').count(), 0);
    assert.ok((await page.locator('circle.spot').count()) >= 4);
    await screenshot(page, 'sprouts-won');
    // The link reopens the same game, move for move.
    const link = page.url();
    const moves = await page.locator('#moves li').allTextContents();
    const other = await openPage(app.context);
    await other.goto(link);
    await other.locator('#moves li').first().waitFor();
    // Moves are named in words once their drawings are back (from IndexedDB): wait for them.
    await other.waitForFunction((expected) => JSON.stringify([...document.querySelectorAll('#moves li')]
        .map((li) => li.textContent)) === expected, JSON.stringify(moves), { timeout: 60_000 }).catch(() => {});
    assert.deepEqual(await other.locator('#moves li').allTextContents(), moves);
    assert.deepEqual(page.problems, []);
    assert.deepEqual(other.problems, []);
    await other.close();
    await page.close();
});

test('Sprouts misère 10 against the perfect computer: after each of its moves the hint marks every move', async () => {
    // The computer keeps the game on positions whose values its solver knows (the shipped form proof,
    // the bases): losing, the longest-lasting of those; winning, a winning one of those. The person
    // plays winning moves, one mistake at their third turn, then the first move listed that wins, or
    // any. Every hint must mark every move (none "not examined"), and agree with itself: a won
    // position has a winning move, a lost one none.
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=10&rules=misere&vs=computer&level=perfect`);
    let hints = 0;
    let mistakeMade = false;
    for (let turn = 0; turn < 30; turn += 1) {
        await page.waitForFunction(() => /Your turn|Game over/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 120_000 });
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const verdict = await hintVerdict(page);
        hints += 1;
        const marks = await page.locator('#children .child').evaluateAll((items) => items.map((li) => (
            li.classList.contains('wins') ? true : li.classList.contains('loses') ? false : null)));
        const at = `turn ${turn + 1} at ${await page.locator('#position').textContent()}`;
        assert.doesNotMatch(verdict, /not examined/, at);
        assert.ok(marks.length > 0 && marks.every((w) => w !== null), `${at}: every move marked`);
        assert.equal(marks.some((w) => w), /player to move wins/.test(verdict), `${at}: ${verdict}`);
        if (turn > 0) {
            assert.match(await page.locator('#computer-note').textContent(),
                /^The computer (played a winning move|knows it is losing,? if you play well)/, at);
        }
        let pick = marks.indexOf(true);
        if (turn === 2 && marks.includes(false)) {
            pick = marks.indexOf(false); // the mistake
            mistakeMade = true;
        }
        const before = await page.locator('#moves li').count();
        await page.locator('#children .child').nth(Math.max(pick, 0)).click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before, { timeout: 120_000 });
    }
    assert.match(await page.locator('#status').textContent(), /Game over/);
    assert.ok(mistakeMade && hints >= 5, `${hints} hints, a mistake made: ${mistakeMade}`);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: a malformed or illegal link is refused with its reason', async () => {
    const page = await openPage(app.context);
    const cases = [
        ['/sprouts?start=0.AB%7CX', /not a Sprouts position/],
        ['/sprouts?start=2&line=0*5', /move 1: .* is not a move/],
        ['/sprouts?start=99', /choose 1 to 30/],
        ['/sprouts?start=%3Cimg%20src%3Dx%3E', /not a Sprouts position/],
        // Once accepted, and its moves then crashed the solver (found by fuzzing).
        ['/sprouts?start=1q2.1q2', /lowercase letter 'q' .* in two boundaries/],
    ];
    for (const [path, message] of cases) {
        await page.goto(app.url + path);
        await page.locator('#url-error').waitFor();
        assert.match(await page.locator('#url-error').textContent(), message, path);
        assert.equal(await page.locator('main img').count(), 0);
    }
    // The worker is still there: a good link after the bad ones is answered.
    await page.goto(`${app.url}/sprouts?start=3&vs=human`);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#hint-verdict').textContent(), /player to move wins/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts board: a drawn curve is checked as it is drawn; illegal ones are refused with the reason', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=3&vs=human`);
    await page.locator('circle.spot').nth(2).waitFor();
    const [a, b, c] = [await spotAt(page, 0), await spotAt(page, 1), await spotAt(page, 2)];
    const children = await page.locator('#children code').allTextContents();

    await drag(page, [a, c, b]); // through the third spot
    assert.match(await page.locator('#curve-feedback').textContent(), /passes through spot/);
    await drag(page, [a, { x: a.x, y: a.y - 40 }]); // ends nowhere
    assert.match(await page.locator('#curve-feedback').textContent(), /does not end on a spot/);
    assert.equal(await page.locator('#moves li').count(), 0, 'no move was played');

    await drag(page, [a, { x: (a.x + b.x) / 2, y: a.y - 30 }, b]);
    assert.match(await page.locator('#curve-feedback').textContent(), /Press on the curve where the new spot goes/);
    // The new spot goes where the person presses, near the curve's top.
    const spotWanted = { x: (a.x + b.x) / 2 - 25, y: a.y - 28 };
    await page.mouse.click(spotWanted.x, spotWanted.y);
    await page.locator('#moves li').first().waitFor();
    const placed = await spotAt(page, 3);
    assert.ok(Math.hypot(placed.x - spotWanted.x, placed.y - spotWanted.y) < 15, 'the new spot is where it was put');
    const position = await page.locator('#position').textContent();
    assert.ok(children.includes(position), `${position} is one of the moves the engine lists`);
    assert.equal(await page.locator('circle.spot').count(), 4, 'the move put a new spot on its curve');
    assert.match(page.url(), /line=/);

    // From the third spot, up across the curve just drawn and back: a crossing.
    const top = Math.min(a.y, b.y) - 80;
    await drag(page, [c, { x: c.x - 20, y: top }, { x: c.x + 20, y: top }, c]);
    assert.match(await page.locator('#curve-feedback').textContent(), /crosses curve/);
    assert.equal(await page.locator('#moves li').count(), 1);
    await screenshot(page, 'sprouts-board');
    // Keyboard: u takes the move back, h asks for a hint.
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
    await page.keyboard.press('h');
    await page.locator('#hint-verdict').waitFor();
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts board on a phone: a curve pressed and let go a fingertip away from the spots still joins them', async () => {
    const page = await openPage(app.context);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/sprouts?start=2&vs=human`);
    await page.locator('circle.spot').nth(1).waitFor();
    const [a, b] = [await spotAt(page, 0), await spotAt(page, 1)];
    const children = await page.locator('#children code').allTextContents();
    // 15 screen pixels off each spot: on this small board that is far outside the engine's snap circle
    // (18 drawing units, about 6 pixels here), but within a fingertip.
    const board = await page.locator('svg.sprouts-board').boundingBox();
    assert.ok((15 * 1000) / board.width > 2 * 18, `15 px is well outside the snap circle on a ${board.width} px board`);
    const start = { x: a.x + 9, y: a.y - 12 };
    const end = { x: b.x - 9, y: b.y - 12 };
    await drag(page, [start, { x: (a.x + b.x) / 2, y: a.y - 40 }, end]);
    assert.match(await page.locator('#curve-feedback').textContent(), /Press on the curve where the new spot goes/);
    await page.mouse.click((a.x + b.x) / 2, a.y - 40);
    await page.locator('#moves li').first().waitFor();
    const position = await page.locator('#position').textContent();
    assert.ok(children.includes(position), `${position} is one of the moves the engine lists`);
    // Far from every spot, a curve still ends nowhere.
    await drag(page, [a, { x: a.x, y: a.y + 60 }]);
    assert.match(await page.locator('#curve-feedback').textContent(), /does not end on a spot/);
    await screenshot(page, 'sprouts-board-phone');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: past its thinking time the computer looks ahead and says so; undo and redo walk whole turns', async () => {
    const page = await openPage(app.context);
    // Every text the progress line shows is recorded as it changes: each lasts about a second, which
    // a poll on a loaded machine can miss.
    await page.addInitScript(() => {
        window.workingTexts = [];
        new MutationObserver(() => {
            const text = document.querySelector('.working')?.textContent;
            if (text && window.workingTexts.at(-1) !== text) window.workingTexts.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // 20 spots cannot be solved in 2 s: after 1.5 s the computer stops the exact search and looks ahead.
    await page.goto(`${app.url}/sprouts?start=20&vs=computer&first=computer&think=2`);
    await page.locator('#moves li').first().waitFor({ timeout: 60_000 });
    const texts = await page.evaluate(() => window.workingTexts);
    // First the exact search, with its progress: time, positions searched and stored, depth; then the
    // lookahead.
    const exact = texts.findIndex((t) => /s — \d+ positions searched, \d+ stored, depth \d+/.test(t));
    const ahead = texts.findIndex((t) => /looking ahead/.test(t));
    assert.ok(exact >= 0 && ahead > exact, `the exact search's progress, then the lookahead: ${JSON.stringify(texts)}`);
    assert.match(await page.locator('#computer-note').textContent(), /longer than its 2 s, so the computer looked \d+ moves ahead/);
    // Every move uses two lives and gives the new spot one: 60 lives become 59.
    assert.match(await page.locator('.position .muted').textContent(), /\(59 lives\)/);
    assert.equal(await page.locator('#setup-think').inputValue(), '2');
    await screenshot(page, 'sprouts-lookahead');

    // Undo and redo, against a friend one move at a time, against the computer a whole turn.
    await page.goto(`${app.url}/sprouts?start=4&vs=computer&level=perfect`);
    await page.locator('.child').first().waitFor();
    await page.locator('.child').first().click();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2, null, { timeout: 60_000 });
    await page.waitForFunction(() => /Your turn/.test(document.querySelector('#status')?.textContent ?? ''));
    const after = await page.locator('#position').textContent();
    assert.ok(await page.locator('#redo').isDisabled());
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
    assert.equal(await page.locator('#position').textContent(), '0*4');
    await page.click('#redo');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.equal(await page.locator('#position').textContent(), after, 'redo restores both moves');
    // A thinking time a link cannot ask for is refused with its reason.
    await page.goto(`${app.url}/sprouts?start=4&think=abc`);
    assert.match(await page.locator('#url-error').textContent(), /not a thinking time/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts exact mode: pick two spots, choose among the moves between them, and it is played drawn', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=3&vs=human`);
    await page.locator('circle.spot').first().waitFor();
    const engineMoves = await page.locator('#children code').allTextContents();
    await page.click('#exact-mode');
    assert.equal(await page.locator('.spot-number').count(), 3, 'spots show their numbers');
    // Scrolled into view first (a spot under the page's sticky header would not get the press).
    const press = (spot) => page.locator(`circle[data-spot="${spot}"]`).click();
    // Every pair of spots (and each spot twice, for loops): together the moves listed are the engine's.
    const listed = new Set();
    for (const [a, b] of [[0, 1], [0, 2], [1, 2], [0, 0], [1, 1], [2, 2]]) {
        await press(a);
        await press(b);
        await page.locator('#spot-moves h2').filter({ hasText: a === b ? 'Loops' : 'Moves between' }).waitFor();
        // The worker finds the moves and their curves.
        await page.locator('#spot-moves .children, #no-spot-moves').waitFor();
        for (const text of await page.locator('#spot-moves code').allTextContents()) listed.add(text);
        await page.click('#pick-again');
    }
    assert.deepEqual([...listed].sort(), [...engineMoves].sort());
    // A loop at spot 1 with spot 2 on one side and spot 3 on the other: pointing shows it, choosing plays it.
    await press(0);
    await press(0);
    await page.locator('#spot-moves .children').waitFor();
    const choice = page.locator('.spot-move', { hasText: 'spot 2 on one side, spot 3 on the other' })
        .or(page.locator('.spot-move', { hasText: 'spot 3 on one side, spot 2 on the other' }));
    await choice.first().hover();
    await page.locator('path.preview').waitFor();
    await screenshot(page, 'sprouts-exact-mode');
    const target = await choice.first().locator('code').textContent();
    await choice.first().click();
    await page.locator('#moves li').first().waitFor();
    assert.equal(await page.locator('#position').textContent(), target);
    assert.equal(await page.locator('circle.spot').count(), 4, 'the move is drawn with its new spot');
    assert.equal(await page.locator('#spot-moves h2').count(), 0, 'the picks are cleared after the move');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sprouts: a move that cannot be drawn into the picture as it is rearranges it, and the player is told', async () => {
    const page = await openPage(app.context);
    // A 4-spot line whose last position has moves no curve in its drawing can make (the engine keeps only
    // the vertices of regions with few lives, so it lists them in a form this drawing does not have).
    const line = ['0*2.AB|0.AB', '0*2.AB|CD|AB.CD', '0*2.AB|2AB', '0.AB|2CD|AB.CD', '0.A|2B|2AB'];
    await page.goto(`${app.url}/sprouts?start=4&vs=human&line=${encodeURIComponent(line.join('~'))}`);
    await page.locator('#position', { hasText: line.at(-1) }).waitFor();
    await page.locator('circle.spot').nth(4 + line.length - 1).waitFor();
    const spotsNow = () => page.locator('circle.spot').evaluateAll((circles) =>
        circles.map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]));
    const before = await spotsNow();
    const moves = await page.locator('#children code').allTextContents();
    const exactly = (text) => new RegExp(`^${text.replace(/[|*+.]/g, '\\$&')}$`);
    let rearranged = 0;
    for (const move of moves) {
        await page.locator('#children button', { has: page.locator('code', { hasText: exactly(move) }) }).click();
        await page.locator('#position', { hasText: exactly(move) }).waitFor();
        await page.locator('#drawing-now').waitFor({ state: 'detached' });
        const after = await spotsNow();
        // Independent of the app's own verdict: did any spot that was there leave its place?
        const moved = before.filter(([x, y], i) => !after[i] || Math.hypot(after[i][0] - x, after[i][1] - y) > 0.5).length;
        const note = page.locator('#drawing-rearranged');
        assert.equal(await note.count(), moved > 0 ? 1 : 0, `${move}: ${moved} spots moved`);
        if (moved > 0) {
            assert.match(await note.textContent(), /no room to draw this move/);
            if (rearranged === 0) await screenshot(page, 'sprouts-rearranged');
            rearranged += 1;
        }
        await page.click('#undo');
        await page.locator('#position', { hasText: exactly(line.at(-1)) }).waitFor();
        assert.equal(await page.locator('#drawing-rearranged').count(), 0, 'no note once the move is undone');
        assert.deepEqual(await spotsNow(), before, 'undo gives the picture back as it was');
    }
    assert.ok(rearranged > 0, 'some move of this position had to rearrange the picture');
    assert.deepEqual(page.problems, []);
    await page.close();
});

/// The number of drawings the app's database holds if it is at least `least`, else 0 (run in the page:
/// `page.waitForFunction` waits for a number of at least `least`, `page.evaluate` with 0 gives it).
function drawingsAtLeast(least) {
    return new Promise((resolve) => {
        const open = indexedDB.open('sprague');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
            const count = open.result.transaction('drawings').objectStore('drawings').count();
            count.onerror = () => resolve(0);
            count.onsuccess = () => {
                open.result.close();
                resolve(count.result >= least ? count.result : 0);
            };
        };
    });
}

test('Sprouts: a curve drawn by hand is still as drawn after a reload; a bad saved drawing is passed over', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=2&vs=human`);
    await page.locator('circle.spot').nth(1).waitFor();
    // The whole board in view, as a person drawing would have it.
    await page.locator('svg.sprouts-board').evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
    const [a, b] = [await spotAt(page, 0), await spotAt(page, 1)];
    const savedBefore = await page.evaluate(drawingsAtLeast, 0);
    // A wide detour below the spots, nothing like the router's curve.
    await drag(page, [a, { x: a.x - 60, y: a.y + 150 }, { x: b.x + 60, y: b.y + 150 }, b]);
    await page.mouse.click((a.x + b.x) / 2, a.y + 150);
    await page.locator('#moves li').first().waitFor();
    const curve = () => page.locator('path.curve').first().getAttribute('d');
    const drawn = await curve();
    const link = page.url();

    // The save is asynchronous: reload once the drawing is in the page's database.
    await page.waitForFunction(drawingsAtLeast, savedBefore + 1, { timeout: 30_000 });
    await page.reload();
    await page.locator('circle.spot').nth(2).waitFor();
    assert.equal(await curve(), drawn, 'the hand-drawn curve survived the reload');

    // Elsewhere (no saved drawings) the same link is drawn by the router: a different curve.
    const elsewhere = await app.context.browser().newContext({ viewport: { width: 1100, height: 900 } });
    const other = await openPage(elsewhere);
    await other.goto(link);
    await other.locator('circle.spot').nth(2).waitFor();
    const routed = await other.locator('path.curve').first().getAttribute('d');
    assert.notEqual(routed, drawn);
    await elsewhere.close();

    // A saved drawing that is not a drawing of its line (here: of nothing at all) is ignored.
    await page.evaluate(() => new Promise((resolve, reject) => {
        const open = indexedDB.open('sprague');
        open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('drawings', 'readwrite');
            const store = tx.objectStore('drawings');
            const all = store.getAllKeys();
            all.onsuccess = () => {
                for (const key of all.result) store.put({ line: key, drawing: { spots: 'junk' }, saved_ms: 1 }, key);
            };
            tx.oncomplete = () => { db.close(); resolve(); };
            tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
    }));
    await page.reload();
    await page.locator('circle.spot').nth(2).waitFor();
    assert.equal(await curve(), routed, 'the unreadable record was passed over and the move routed');
    assert.deepEqual(page.problems, []);
    assert.deepEqual(other.problems, []);
    await page.close();
});

test('Sprouts: "Save picture" downloads the board as it looks, as a standalone SVG file', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=4&vs=human&line=${encodeURIComponent('0*2.AB|0.AB~0*2.AB|CD|AB.CD')}`);
    await page.locator('circle.spot').nth(5).waitFor();
    const onBoard = await page.locator('svg.sprouts-board circle.spot').evaluateAll((circles) =>
        circles.map((c) => ({ x: c.getAttribute('cx'), y: c.getAttribute('cy'), fill: getComputedStyle(c).fill })));
    const curves = await page.locator('svg.sprouts-board path.curve').count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-picture')]);
    assert.equal(download.suggestedFilename(), 'sprouts-0-2-AB-CD-AB-CD.svg');
    const file = path.join(artifacts, 'sprouts-saved-picture.svg');
    fs.mkdirSync(artifacts, { recursive: true });
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^<\?xml/);
    // Read back by the browser's own XML parser, in a page with no stylesheet: the same spots, where they
    // were, with the colours they had on the board; the same curves.
    const viewer = await openPage(app.context);
    await viewer.goto(`file://${file}`);
    const saved = await viewer.locator('circle').evaluateAll((circles) =>
        circles.map((c) => ({ x: c.getAttribute('cx'), y: c.getAttribute('cy'), fill: getComputedStyle(c).fill })));
    assert.deepEqual(saved, onBoard);
    assert.equal(await viewer.locator('path').count(), curves);
    assert.ok(curves >= 2);
    await viewer.setViewportSize({ width: 1000, height: 700 });
    await viewer.screenshot({ path: path.join(artifacts, 'sprouts-saved-picture.png') });
    assert.deepEqual(page.problems, []);
    await viewer.close();
    await page.close();
});

test('Sprouts: a new game of the same start with the computer moving first gets the computer\'s move', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?start=3&vs=human`);
    assert.equal(await page.locator('#position').textContent(), '0*3');
    // The same spots and rules, now against the computer moving first, reached inside the app (as the
    // New game form does): only the opponent changed.
    await page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
    }, '/sprouts?start=3&vs=computer&first=computer');
    await page.waitForFunction(() => document.getElementById('position')?.textContent !== '0*3', null, { timeout: 30_000 });
    assert.match(await page.locator('#status').textContent(), /your turn|Player|to move/i);
    assert.deepEqual(page.problems, []);
    await page.close();
});
