// End-to-end: challenges on every game page, at the sizes a class uses. A teacher makes a challenge link
// from a position; a student opens it (no Hint, no Show values), plays a losing move and is told why with a
// move that wins (checked against the brute force), tries again, plays a winning move and is told so. A
// worksheet of two positions from two pages goes on to its next challenge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, PLAY_SIZES, contextFor } from './harness.mjs';
import { GAMES, runsOf } from './game_moves.mjs';
import { remotenessOf } from './reference.mjs';

const env = useServerAndBrowser();

// Each game's challenge position: a start from which some moves win and some lose.
const CHALLENGES = {
    dots: GAMES.dots,
    grundy: GAMES.grundy,
    nim: GAMES.nim,
    graph: GAMES.graph,
    sprouts: { ...GAMES.sprouts, url: '/sprouts?start=3&vs=human', start: '0*3' },
};

/// The teacher's challenge link for the page open in `page` (made with the page's own button).
async function challengeLink(page) {
    await page.click('#make-challenge');
    return page.locator('#challenge-url').inputValue();
}

/// Plays a move from the challenge position that wins (`wins`) or loses, judged by the brute force.
async function playJudged(page, game, wins) {
    const options = await game.moves(page, game.start);
    const pick = options.findIndex((option) => game.value(option.next)[0] !== wins);
    assert.ok(pick >= 0, `a ${wins ? 'winning' : 'losing'} move exists`);
    await options[pick].play(page);
    await page.locator('#challenge-verdict').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => !/Checking/.test(document.querySelector('#challenge-verdict').textContent));
    return page.locator('#challenge-verdict').textContent();
}

for (const [name, game] of Object.entries(CHALLENGES)) {
    test(`a ${name} challenge hides the hint, judges a wrong move with a move that wins, then a right one`, async () => {
        for (const size of PLAY_SIZES) {
            const label = `${name} ${size.width}x${size.height}`;
            const context = await contextFor(env.browser, size);
            const teacher = await openPage(context);
            // The teacher plays the computer; the challenge link is for two people at one board.
            await teacher.goto(env.url + game.url.replace('vs=human', 'vs=computer&level=strong'));
            await teacher.locator('#status').waitFor();
            const link = await challengeLink(teacher);
            assert.match(link, /challenge=0/);
            assert.match(link, /vs=human/);
            assert.doesNotMatch(link, /vs=computer|level=/);

            const student = await openPage(context);
            await student.goto(link);
            await student.locator('#challenge-prompt').waitFor();
            assert.match(await student.locator('#challenge-prompt').textContent(), /find a winning move/);
            assert.equal(await student.locator('#hint').count(), 0, `${label}: no Hint in a challenge`);
            assert.equal(await student.locator('#show-values').count(), 0, `${label}: no Show values in a challenge`);
            assert.equal(await student.locator('#make-challenge').count(), 0);

            const wrong = await playJudged(student, game, false);
            assert.match(wrong, /^Not this one: after .* your opponent can win\. .* would have won\.$/, `${label}: ${wrong}`);
            const named = new RegExp(game.named.source, 'i').exec(wrong);
            assert.ok(named, `${label}: the verdict names a move: ${wrong}`);
            assert.ok(await game.wins(game.start, named, student), `${label}: ${named[0]} wins`);
            assert.ok(await student.locator('.challenge.wrong').count() === 1);
            await screenshot(student, `challenge-wrong-${name}-${size.width}x${size.height}`);
            // Only the challenge's move is played: the board waits.
            await student.click('#try-again');
            await student.locator('#challenge-prompt').waitFor();
            const right = await playJudged(student, game, true);
            assert.match(right, /^Right! .* wins: whatever your opponent does now, you can still win\./, `${label}: ${right}`);
            assert.ok(await student.locator('.challenge.right').count() === 1);
            assert.deepEqual(student.problems, [], label);
            assert.deepEqual(teacher.problems, [], label);
            await context.close();
        }
    });
}

test('a worksheet of two challenges from two pages goes on to the next one', async () => {
    const context = await contextFor(env.browser, SIZES[2]);
    const teacher = await openPage(context);
    await teacher.goto(env.url + GAMES.dots.url);
    await teacher.locator('#status').waitFor();
    await challengeLink(teacher);
    await teacher.click('#add-to-sheet');
    await teacher.goto(env.url + GAMES.grundy.url);
    await teacher.locator('#status').waitFor();
    await challengeLink(teacher);
    await teacher.click('#add-to-sheet');
    const sheet = await teacher.locator('#sheet-url').inputValue();
    assert.match(await teacher.locator('.challenge-maker').textContent(), /Worksheet of 2/);

    const student = await openPage(context);
    await student.goto(sheet);
    await student.locator('#challenge-prompt').waitFor();
    assert.match(new URL(student.url()).pathname, /\/dots$/);
    assert.match(await student.locator('#challenge').textContent(), /1 more challenges? after this one/);
    await playJudged(student, GAMES.dots, true);
    await student.click('#next-challenge');
    await student.waitForURL(/\/grundy\?/);
    await student.locator('#challenge-prompt').waitFor();
    assert.equal(await student.locator('#next-challenge').count(), 0);
    const right = await playJudged(student, GAMES.grundy, true);
    assert.match(right, /^Right!/);
    await screenshot(student, 'challenge-worksheet-phone');
    // A worksheet that points outside the app is refused with its reason.
    await student.goto(env.url + '/dots?n=9&vs=human&challenge=0&sheet=https%3A%2F%2Fexample.com%2F%3Fchallenge%3D0');
    assert.match(await student.locator('#url-error').textContent(), /not a challenge of this app/);
    assert.deepEqual(student.problems, []);
    assert.deepEqual(teacher.problems, []);
    await context.close();
});

// The lessons print their answers; each gives its position as a challenge too. Heaps of the independence
// game open as one row cut by marked dots, Grundy's heaps as piles.
const LESSON_CHALLENGES = [
    { title: 'Adding games', page: 'dots', heaps: [5, 7, 9] },
    { title: 'Winning 50 dots', page: 'dots', heaps: [50] },
    { title: 'Answering a move', page: 'dots', heaps: [6, 19, 19] },
    { title: "Grundy's game", page: 'grundy', heaps: [7, 5, 10] },
    { title: 'Misère play', page: 'dots', heaps: [3, 5], misere: true },
    { title: 'Sprouts by correspondence', page: 'sprouts' },
];

/// The heaps a heap page shows now: the runs of dots still free, or the piles' sizes.
async function heapsShown(page, kind) {
    if (kind === 'dots') {
        const free = await page.locator('button[data-dot]').evaluateAll((dots) => dots.map((dot) => !dot.disabled));
        return runsOf(free);
    }
    return page.locator('.pile .pile-size').evaluateAll((sizes) => sizes.map((size) => Number(size.textContent)));
}

/// A move of the dots row or the piles that wins (the brute force's verdict), played on the page.
async function playWinning(page, kind, heaps, misere) {
    const game = kind === 'dots' ? 'dots' : 'grundy';
    const buttons = kind === 'dots' ? 'button[data-dot]:not([disabled])' : 'button[data-pile][data-top]:not([disabled])';
    const moves = await page.locator(buttons).evaluateAll((all) => all.map((b) => ({ dot: b.dataset.dot, pile: b.dataset.pile, top: b.dataset.top })));
    for (const move of moves) {
        let after;
        if (kind === 'dots') {
            const free = await page.locator('button[data-dot]').evaluateAll((dots) => dots.map((dot) => !dot.disabled));
            const i = Number(move.dot) - 1;
            for (const j of [i - 1, i, i + 1]) if (j >= 0 && j < free.length) free[j] = false;
            after = runsOf(free);
        } else {
            const size = heaps[Number(move.pile) - 1];
            after = [...heaps.filter((_, p) => p !== Number(move.pile) - 1), Number(move.top), size - Number(move.top)];
        }
        if (!remotenessOf(game, after, misere)[0]) {
            const selector = kind === 'dots' ? `[data-dot="${move.dot}"]` : `[data-pile="${move.pile}"][data-top="${move.top}"]`;
            await page.locator(selector).click();
            return;
        }
    }
    assert.fail('no winning move was found by the brute force');
}

test("each lesson's challenge opens its position, won for the player to move, and judges a winning move right", async () => {
    const context = await contextFor(env.browser, SIZES[0]);
    const page = await openPage(context);
    await page.goto(env.url + '/learn');
    for (const lesson of LESSON_CHALLENGES) {
        const item = page.locator('#lessons li', { hasText: lesson.title }).first();
        const href = await item.locator('a.challenge-link').getAttribute('href');
        assert.ok(href, `${lesson.title}: a challenge link`);
        const student = await openPage(context);
        await student.goto(env.url + href);
        await student.locator('#challenge-prompt').waitFor();
        assert.match(await student.locator('#challenge-prompt').textContent(), /find a winning move/);
        assert.equal(await student.locator('#hint').count(), 0, `${lesson.title}: no Hint`);
        assert.equal(new URL(student.url()).pathname, `/${lesson.page}`);
        if (lesson.heaps) {
            const shown = await heapsShown(student, lesson.page);
            assert.deepEqual([...shown].sort((a, b) => a - b), [...lesson.heaps].sort((a, b) => a - b), lesson.title);
            const game = lesson.page === 'dots' ? 'dots' : 'grundy';
            assert.ok(remotenessOf(game, shown, Boolean(lesson.misere))[0], `${lesson.title}: won for the player to move`);
            await playWinning(student, lesson.page, shown, Boolean(lesson.misere));
            await student.locator('#challenge-verdict').waitFor({ timeout: 60_000 });
            await student.waitForFunction(() => !/Checking/.test(document.querySelector('#challenge-verdict').textContent));
            assert.match(await student.locator('#challenge-verdict').textContent(), /^Right!/, lesson.title);
        }
        assert.deepEqual(student.problems, [], lesson.title);
        await student.close();
    }
    // The nim-sum view gives its won position as a challenge, and no challenge for a lost one.
    await page.goto(env.url + '/learn/nim-sum?code=0.137&heaps=6.19.19');
    await page.locator('#challenge-link').waitFor();
    assert.match(await page.locator('#challenge-link').getAttribute('href'), /^\/dots\?n=50&m=8\.30&vs=human&challenge=2$/);
    await page.goto(env.url + '/learn/nim-sum?code=0.137&heaps=19.19');
    await page.locator('#explain').waitFor();
    assert.equal(await page.locator('#challenge-link').count(), 0);
    assert.deepEqual(page.problems, []);
    await context.close();
});
