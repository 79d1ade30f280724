// Benchmark (not a test): the time to review a 20-move game on each game page, as a teacher would ask
// it — two people play 20 moves (seeded random legal moves, clicked on the board or, for Sprouts, in
// the list of moves), then "Review the game" is pressed; the clock runs from that click until every
// position of the line is valued (the summary no longer says "Reviewing"). Headless Chromium on the
// release build, a fresh profile per page (so nothing the solver learned before is reused).
// Usage: SPRAGUE_DIST=<dist> node tests/bench/review_time.mjs [moves, default 20] [seed, default 1]
//        [pages whose name contains this, default all]; SHOW_CELLS=1 also prints the strip's cells (the
//        remoteness after each move, "·" where it was not found within the worker's budget).
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const MOVES = Number(process.argv[2] ?? 20);
const SEED = Number(process.argv[3] ?? 1);
const ONLY = process.argv[4] ?? '';

/// Each page: its link, where its moves are listed, and the legal moves it offers now (locators to click).
const PAGES = [
    {
        name: 'Dots from 64 dots',
        url: '/dots?n=64&vs=human',
        list: '#moves li',
        moves: (page) => page.locator('button[data-dot]:not([disabled])'),
    },
    {
        name: 'Grundy from piles 20, 18, 16, 14',
        url: '/grundy?piles=20.18.16.14&vs=human',
        list: '#moves li',
        moves: (page) => page.locator('button[data-pile][data-top]:not([disabled])'),
    },
    {
        name: 'Nim from eight piles of 30',
        url: '/nim?piles=30.30.30.30.30.30.30.30&vs=human',
        list: '#moves li',
        moves: (page) => page.locator('button[data-pile][data-top]:not([disabled])'),
    },
    {
        name: 'Graphs: a path of 64 vertices',
        url: '/graph?preset=path_64&vs=human',
        list: '#graph-moves li',
        moves: (page) => page.locator('g.vertex.free circle.hit'),
    },
    {
        name: 'Graphs: a 6×8 grid',
        url: '/graph?preset=grid_6x8&vs=human',
        list: '#graph-moves li',
        moves: (page) => page.locator('g.vertex.free circle.hit'),
    },
    {
        name: 'Sprouts from 10 spots',
        url: '/sprouts?start=10&vs=human',
        list: '#moves li',
        moves: (page) => page.locator('#children button'),
    },
    {
        name: 'Sprouts from 10 spots, misère',
        url: '/sprouts?start=10&rules=misere&vs=human',
        list: '#moves li',
        moves: (page) => page.locator('#children button'),
    },
];

/// A small seeded generator (mulberry32), so that every build plays the same games.
function generator(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const server = await serveDist();
const browser = await launchBrowser();
try {
    for (const game of PAGES.filter((page) => page.name.includes(ONLY))) {
        const random = generator(SEED);
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
        const page = await context.newPage();
        await page.goto(`${server.url}${game.url}`);
        let played = 0;
        for (; played < MOVES; played += 1) {
            const legal = game.moves(page);
            // Sprouts lists the moves once the page has worked them out.
            await legal.first().waitFor({ timeout: 30_000 }).catch(() => {});
            const count = await legal.count();
            if (count === 0) break;
            await legal.nth(Math.floor(random() * count)).click();
            await page.waitForFunction(
                ([list, n]) => document.querySelectorAll(list).length >= n,
                [game.list, played + 1],
                { timeout: 30_000 },
            );
        }
        // A game that ended reviews itself; otherwise the teacher asks for it.
        const started = Date.now();
        const by = (await page.locator('#review-game').getAttribute('aria-pressed')) === 'true'
            ? ' (the game ended: its review started by itself)' : '';
        if (!by) await page.click('#review-game');
        await page.waitForFunction(() => {
            const summary = document.querySelector('#review-summary')?.textContent ?? '';
            return summary !== '' && !summary.startsWith('Reviewing');
        }, null, { timeout: 600_000 });
        const seconds = (Date.now() - started) / 1000;
        const summary = await page.locator('#review-summary').textContent();
        // How many positions of the line got their remoteness (a number in the strip).
        const numbered = await page.locator('#value-strip button').evaluateAll(
            (cells) => cells.filter((cell) => /^\d+$/.test(cell.textContent)).length);
        if (process.env.SHOW_CELLS) console.log((await page.locator('#value-strip button').allTextContents()).join(' '));
        console.log(`${game.name}: ${played} moves reviewed in ${seconds.toFixed(2)} s${by}, `
            + `${numbered} with how long the game lasts — "${summary}"`);
        await context.close();
    }
} finally {
    await browser.close();
    await server.close();
}
