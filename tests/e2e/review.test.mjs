// End-to-end: the game review on every game page, at the sizes a class uses. Two people play a whole game
// in which the first player who could win makes one mistake; the review must mark every move as the brute
// force in reference.mjs judges it (winning, mistake, no choice), name a move that would have won, give who
// was winning after each move and how long the game then lasts, and take a click on a move back to its
// position, with the URL and back/forward following.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, PLAY_SIZES, contextFor } from './harness.mjs';
import { GAMES } from './game_moves.mjs';
import { sproutsRemoteness } from './reference.mjs';

const env = useServerAndBrowser();

/// Plays a whole game on `page`: each side plays a winning move when it has one, except that the first
/// side to have a win plays a losing move once (the mistake). Returns the marks the review must give and
/// the states after each move.
async function playWithOneMistake(page, game) {
    let state = game.start;
    const states = [state];
    const marks = [];
    let mistakeMade = false;
    for (let turn = 0; turn < 40; turn += 1) {
        const options = await game.moves(page, state);
        if (options.length === 0) break;
        const wins = game.value(state)[0];
        const leavesWon = options.map((option) => game.value(option.next)[0]);
        let pick = leavesWon.findIndex((won) => !won);
        if (wins && !mistakeMade && leavesWon.some((won) => won)) {
            pick = leavesWon.findIndex((won) => won);
            mistakeMade = true;
        }
        pick = Math.max(pick, 0);
        const before = await page.locator(game.list).count();
        await options[pick].play(page);
        await page.waitForFunction(([list, n]) => document.querySelectorAll(list).length > n, [game.list, before]);
        marks.push(!leavesWon[pick] ? 'winning' : wins ? 'mistake' : 'no-choice');
        state = options[pick].next;
        states.push(state);
    }
    assert.ok(mistakeMade, 'the game had a mistake to make');
    assert.match(await page.locator('#status').textContent(), /Game over/);
    return { marks, states };
}

for (const [name, game] of Object.entries(GAMES)) {
    test(`the ${name} review marks every move as the brute force does, names a winning move, and goes back to any move`, async () => {
        for (const size of PLAY_SIZES) {
            const label = `${name} ${size.width}x${size.height}`;
            const context = await contextFor(env.browser, size);
            const page = await openPage(context);
            await page.goto(env.url + game.url);
            await page.locator('#status').waitFor();
            const { marks, states } = await playWithOneMistake(page, game);

            // The review starts by itself once the game is over.
            await page.waitForFunction(() => /mistake:/.test(document.querySelector('#review-summary')?.textContent ?? ''),
                null, { timeout: 60_000 });
            const shown = await page.locator(`${game.list}`).evaluateAll((items) => items.map((li) => li.dataset.mark));
            assert.deepEqual(shown, marks, `${label}: every move's mark`);
            const summary = await page.locator('#review-summary').textContent();
            const mistake = marks.indexOf('mistake');
            assert.match(summary, new RegExp(`^1 mistake: move ${mistake + 1} `), `${label}: ${summary}`);
            const named = game.named.exec(summary);
            assert.ok(named, `${label}: the review names a move that would have won: ${summary}`);
            assert.ok(await game.wins(states[mistake], named, page), `${label}: ${named[0]} wins from there`);
            const markTitle = await page.locator(`${game.list}`).nth(mistake).locator('.mark').getAttribute('title');
            assert.match(markTitle, /A mistake: .* would have won\./);

            // The strip: who was winning after each move, and how long the game then lasts.
            const cells = await page.locator('#value-strip button').evaluateAll((buttons) => buttons.map((b) => ({
                title: b.title, mistake: b.classList.contains('mistake'),
            })));
            assert.equal(cells.length, marks.length, `${label}: a cell per move`);
            cells.forEach((cell, i) => {
                const [wins, remoteness] = game.value(states[i + 1]);
                const toMove = (i + 1) % 2 === 0 ? 'Player 1' : 'Player 2';
                const other = toMove === 'Player 1' ? 'Player 2' : 'Player 1';
                assert.match(cell.title, new RegExp(`${wins ? toMove : other} was winning then`), `${label}: after move ${i + 1}`);
                if (remoteness !== null) {
                    assert.match(cell.title, new RegExp(`lasts ${remoteness} more move`), `${label}: after move ${i + 1}`);
                }
                assert.equal(cell.mistake, i === mistake, `${label}: cell ${i + 1}`);
            });
            await screenshot(page, `review-${name}-${size.width}x${size.height}`);

            // A click on the first move goes to the position after it; back returns to the end.
            const end = page.url();
            await page.locator(`${game.list} button`).first().click();
            await page.waitForFunction((list) => document.querySelectorAll(list).length === 1, game.list);
            assert.notEqual(page.url(), end);
            // The review stays, over the whole line, with the position shown marked.
            assert.equal(await page.locator('#value-strip button').count(), marks.length);
            assert.equal(await page.locator('#value-strip button.current').getAttribute('data-move'), '1');
            await page.goBack();
            await page.waitForFunction(([list, n]) => document.querySelectorAll(list).length === n, [game.list, marks.length]);
            assert.equal(page.url(), end);
            // And a later cell of the strip goes forward again.
            await page.locator('#value-strip button').nth(1).click();
            await page.waitForFunction((list) => document.querySelectorAll(list).length === 2, game.list);
            assert.deepEqual(page.problems, [], label);
            await context.close();
        }
    });
}

/// The Sprouts review's remoteness: a misère game from 3 spots played to the end shows how long the game
/// lasts after every move, as the brute force finds it; two moves into 8 spots, where the search cannot
/// finish within its budget, the review shows who was winning and no number.
test('the Sprouts review shows how long the game lasts as the brute force finds it, and no number past its budget', async () => {
    const context = await contextFor(env.browser, SIZES[0]);
    const page = await openPage(context);
    await page.goto(`${env.url}/sprouts?start=3&rules=misere&vs=human`);
    await page.locator('#status').waitFor();
    const states = [];
    for (let turn = 0; turn < 9; turn += 1) {
        const codes = await page.locator('#children button code').allTextContents();
        if (codes.length === 0) break;
        // Each turn a different move, so that both short and long lines are met.
        const pick = turn % codes.length;
        await page.locator('#children button').nth(pick).click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, turn + 1);
        states.push(codes[pick]);
    }
    assert.match(await page.locator('#status').textContent(), /Game over/);
    await page.waitForFunction(() => /mistake|No mistakes/i.test(document.querySelector('#review-summary')?.textContent ?? '')
        && !/Reviewing/.test(document.querySelector('#review-summary').textContent), null, { timeout: 60_000 });
    const titles = await page.locator('#value-strip button').evaluateAll((buttons) => buttons.map((b) => b.title));
    assert.equal(titles.length, states.length);
    titles.forEach((title, i) => {
        const [wins, remoteness] = sproutsRemoteness(states[i], true);
        const toMove = (i + 1) % 2 === 0 ? 'Player 1' : 'Player 2';
        const other = toMove === 'Player 1' ? 'Player 2' : 'Player 1';
        assert.match(title, new RegExp(`${wins ? toMove : other} was winning then; the game lasts ${remoteness} more move`),
            `after move ${i + 1} (${states[i]})`);
    });
    await screenshot(page, 'review-sprouts-misere-3');

    await page.goto(`${env.url}/sprouts?start=8&vs=human`);
    await page.locator('#status').waitFor();
    for (let turn = 0; turn < 2; turn += 1) {
        await page.locator('#children button').first().click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, turn + 1);
    }
    await page.click('#review-game');
    await page.waitForFunction(() => {
        const cells = [...document.querySelectorAll('#value-strip button')];
        return cells.length === 2 && cells.every((b) => /was winning then/.test(b.title));
    }, null, { timeout: 60_000 });
    const cells = await page.locator('#value-strip button').evaluateAll((buttons) => buttons.map((b) => [b.textContent, b.title]));
    for (const [text, title] of cells) {
        assert.equal(text, '·', title);
        assert.doesNotMatch(title, /lasts/, title);
    }
    assert.deepEqual(page.problems, []);
    await context.close();
});
