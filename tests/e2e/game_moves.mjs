// The games as the end-to-end tests play them move by move, each with the brute force of reference.mjs
// that judges its positions (shared by review.test.mjs and challenge.test.mjs).
import { remotenessOf, sproutsNimber, sproutsRemoteness } from './reference.mjs';

/// Nim's rule, the reference for the Nim page: the player to move loses exactly when the nim-sum (XOR) of
/// the piles is 0.
export const nimSum = (piles) => piles.reduce((x, p) => x ^ p, 0);

/// Nim piles after taking `count` from pile `p` (0-based): an emptied pile leaves the board.
export const nimAfter = (piles, p, count) => piles.flatMap((size, i) => (i !== p ? [size] : size > count ? [size - count] : []));

/// Lengths of the runs of `true` in a list.
export function runsOf(available) {
    const runs = [];
    let run = 0;
    for (const free of [...available, false]) {
        if (free) run += 1;
        else if (run > 0) { runs.push(run); run = 0; }
    }
    return runs;
}

/// A row of dots (or a path's vertices) with `removed` gone: what is left is the dots game's heaps.
const rowLeft = (n, removed) => runsOf([...Array(n).keys()].map((i) => !removed.has(i)));
const removeAround = (n, removed, i) => new Set([...removed, i - 1, i, i + 1].filter((j) => j >= 0 && j < n));

/// Each game as the test plays it: its page, its moves from a state (each with how to play it on the page
/// and the state after), the brute force's `[wins, remoteness]` for the player to move, and whether a move
/// named in words by the review wins from a state.
export const GAMES = {
    dots: {
        url: '/dots?n=9&vs=human',
        list: '#moves li',
        start: new Set(),
        moves: async (_page, removed) => [...Array(9).keys()].filter((i) => !removed.has(i)).map((i) => ({
            play: (page) => page.locator(`[data-dot="${i + 1}"]`).click(),
            next: removeAround(9, removed, i),
        })),
        value: (removed) => remotenessOf('dots', rowLeft(9, removed)),
        named: /dot (\d+) would have won/,
        wins: (removed, [, dot]) => !removed.has(Number(dot) - 1)
            && !remotenessOf('dots', rowLeft(9, removeAround(9, removed, Number(dot) - 1)))[0],
    },
    grundy: {
        url: '/grundy?piles=8.6&vs=human',
        list: '#moves li',
        start: [8, 6],
        moves: async (_page, piles) => piles.flatMap((size, p) => [...Array(size).keys()]
            .filter((top) => top > 0 && 2 * top !== size)
            .map((top) => ({
                play: (page) => page.locator(`[data-pile="${p + 1}"][data-top="${top}"]`).click(),
                next: [...piles.slice(0, p), top, size - top, ...piles.slice(p + 1)],
            }))),
        value: (piles) => remotenessOf('grundy', piles),
        named: /(\d+) → (\d+) \+ (\d+) would have won/,
        wins: (piles, [, size, a, b]) => piles.includes(Number(size))
            && Number(a) + Number(b) === Number(size) && Number(a) !== Number(b)
            && !remotenessOf('grundy', [...piles.filter((_, i) => i !== piles.indexOf(Number(size))), Number(a), Number(b)])[0],
    },
    nim: {
        // Who wins by the nim-sum rule; how long the game lasts by the brute force.
        url: '/nim?piles=3.4.5&vs=human',
        list: '#moves li',
        start: [3, 4, 5],
        moves: async (_page, piles) => piles.flatMap((size, p) => [...Array(size).keys()].map((k) => ({
            play: (page) => page.locator(`[data-pile="${p + 1}"][data-top="${k + 1}"]`).click(),
            next: nimAfter(piles, p, k + 1),
        }))),
        value: (piles) => [nimSum(piles) !== 0, remotenessOf('nim', piles)[1]],
        named: /(\d+) → (\d+) would have won/,
        wins: (piles, [, size, left]) => piles.includes(Number(size)) && Number(left) < Number(size)
            && nimSum(nimAfter(piles, piles.indexOf(Number(size)), Number(size) - Number(left))) === 0,
    },
    graph: {
        // Node Kayles on a path is the dots game: the brute force of the row judges it.
        url: '/graph?preset=path_7&vs=human',
        list: '#graph-moves li',
        start: new Set(),
        moves: async (_page, removed) => [...Array(7).keys()].filter((v) => !removed.has(v)).map((v) => ({
            play: (page) => page.locator(`[data-vertex="${v}"] circle`).first().click(),
            next: removeAround(7, removed, v),
        })),
        value: (removed) => remotenessOf('dots', rowLeft(7, removed)),
        named: /vertex (\d+) would have won/,
        wins: (removed, [, v]) => !removed.has(Number(v))
            && !remotenessOf('dots', rowLeft(7, removeAround(7, removed, Number(v))))[0],
    },
    sprouts: {
        // The moves are the listed positions; from 2 spots every position's remoteness is within the
        // worker's budget, so the review must show each one.
        url: '/sprouts?start=2&vs=human',
        list: '#moves li',
        start: '0*2',
        moves: async (page) => {
            const codes = await page.locator('#children button code').allTextContents();
            return codes.map((code, i) => ({
                play: (p) => p.locator('#children button').nth(i).click(),
                next: code,
            }));
        },
        value: (position) => sproutsRemoteness(position),
        // A winning move is named in words from the spots of the drawing ("join spot 1 to spot 2, with
        // no spot inside"): the moves between those spots, as exact mode lists them on that drawing, are
        // matched to the words, and the one named must leave a lost position by the brute force.
        named: /(join spot (\d+) to (?:spot (\d+)|itself)(?:, [^—.]*?)?) would have won/i,
        wins: (position, named, page) => sproutsWordsWin(page, position, named),
    },
};


/// The spot numbers in a piece of text ("spots 1, 3 and 4", "the boundary through spots 2, 5"), sorted.
const numbersIn = (text) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);

/// Whether the Sprouts move named in words from `position` (a position of the game shown on `page`) wins:
/// the position is opened in a new page of the same browser (its drawing comes back from IndexedDB, spots
/// numbered as before), the named spots are picked in exact mode, the listed moves between them that fit
/// the words are found, and the brute force of reference.mjs says whether one of them leaves a lost position.
async function sproutsWordsWin(page, position, [, words, a, b]) {
    const url = new URL(page.url());
    const start = url.searchParams.get('start') ?? url.searchParams.get('pos');
    const line = (url.searchParams.get('line') ?? '').split('~').filter((p) => p);
    const upTo = line.indexOf(position);
    const prefix = upTo < 0 ? [] : line.slice(0, upTo + 1);
    const query = new URLSearchParams({ start, vs: 'human' });
    if (prefix.length > 0) query.set('line', prefix.join('~'));
    const other = await page.context().newPage();
    try {
        await other.goto(`${url.origin}/sprouts?${query}`);
        await other.waitForFunction((p) => document.querySelector('#position')?.textContent === p, position);
        await other.locator('svg.sprouts-board circle.spot').first().waitFor();
        await other.click('#exact-mode');
        const [from, to] = [Number(a) - 1, b === undefined ? Number(a) - 1 : Number(b) - 1];
        await other.locator(`circle[data-spot="${from}"]`).click();
        await other.locator(`circle[data-spot="${to}"]`).click();
        await other.locator('#spot-moves .children, #no-spot-moves').waitFor({ timeout: 30_000 });
        const inside = /, (?:with|around) (.*?)(?: inside)?$/.exec(words);
        const wanted = inside ? numbersIn(inside[1]) : null;
        const listed = await other.locator('#spot-moves .spot-move').evaluateAll((buttons) => buttons.map((button) => ({
            words: button.querySelector('span')?.textContent ?? '',
            child: button.querySelector('code')?.textContent ?? '',
        })));
        const fits = listed.filter((mv) => {
            const split = /splitting it: (.*) on one side, (.*) on the other/.exec(mv.words);
            if (wanted === null) return !split;
            return split && [split[1], split[2]].some((side) => JSON.stringify(numbersIn(side)) === JSON.stringify(wanted));
        });
        return fits.length > 0 && fits.some((mv) => sproutsNimber(mv.child) === 0);
    } finally {
        await other.close();
    }
}
