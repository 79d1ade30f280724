// End-to-end: after Start, the setup folds away and the whole board and its status are in the window, with
// no scrolling by the person — on every game page, at the sizes a class uses, and in classroom mode on the
// projector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor, artifacts } from './harness.mjs';

const env = useServerAndBrowser();

const PAGES = [
    { name: 'dots', url: '/dots', board: '.game-page .board' },
    { name: 'grundy', url: '/grundy', board: '.game-page .board' },
    { name: 'nim', url: '/nim?piles=1.3.5.7', board: '.game-page .board' },
    { name: 'graph', url: '/graph', board: 'svg.graph-board' },
    { name: 'sprouts', url: '/sprouts?start=8&vs=human', board: 'svg.sprouts-board' },
];

/// Whether the element's box lies inside the window (a pixel of rounding allowed).
async function inView(page, selector) {
    const box = await page.locator(selector).first().boundingBox();
    const { width, height } = page.viewportSize();
    return { box, fits: box !== null && box.x >= -1 && box.y >= -1 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1 };
}

const cases = [
    ...SIZES.map((size) => ({ size, classroom: false })),
    { size: SIZES[0], classroom: true },
];

for (const { size, classroom } of cases) {
    const label = `${size.width}x${size.height}${classroom ? ' classroom' : ''}`;
    test(`after Start the board and its status are in view at ${label}`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        for (const [i, { name, url, board }] of PAGES.entries()) {
            await page.goto(env.url + url);
            await page.locator(board).first().waitFor();
            // Classroom mode, once turned on, stays on for the next pages.
            if (classroom && i === 0) await page.click('#classroom-toggle');
            if (classroom) await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
            await page.click('.setup summary');
            await page.click('details.setup form button[type="submit"]');
            // The setup folds away.
            await page.waitForFunction(() => !document.querySelector('details.setup').open, null, { timeout: 5000 })
                .catch(() => assert.fail(`${name} at ${label}: the setup is still open after Start`));
            await page.locator(board).first().waitFor();
            // Start scrolls the page in a timer it sets as the form is sent (game_shell::show_started_game);
            // a timer set now runs after it.
            await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
            const shown = await inView(page, board);
            assert.ok(shown.fits, `${name} at ${label}: the board ${JSON.stringify(shown.box)} is in the window`);
            const status = await inView(page, '#status');
            assert.ok(status.fits, `${name} at ${label}: the status ${JSON.stringify(status.box)} is in the window`);
            await screenshot(page, `in-view-${name}-${label.replace(' ', '-')}`);
        }
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}

// A link opened cold — shared by a teacher, typed from the board — shows the whole board and what to do
// (whose turn, how to move) in the window as the page opens: under the sticky header, not covered, with no
// scrolling, on a projector, a laptop, a desktop, a tablet and a phone.
const COLD_SIZES = [
    ...SIZES.slice(0, 2),
    { width: 1920, height: 1080 },
    { width: 768, height: 1024, touch: true },
    SIZES[2],
];

const COLD_LINKS = [
    { url: '/sprouts?start=5', board: 'svg.sprouts-board', prompts: ['#status', '#curve-feedback', '.spot-legend'] },
    { url: '/sprouts?start=8&rules=misere', board: 'svg.sprouts-board', prompts: ['#status', '#curve-feedback', '.spot-legend'] },
    { url: '/dots?n=20', board: '.game-page .board', prompts: ['#status', '.rules'] },
    { url: '/dots?code=kayles&n=11', board: '.game-page .board', prompts: ['#status', '.rules'] },
    { url: '/grundy?piles=12', board: '.game-page .board', prompts: ['#status', '.rules'] },
    { url: '/nim?piles=3.4.5', board: '.game-page .board', prompts: ['#status', '.rules'] },
    { url: '/graph?preset=petersen', board: 'svg.graph-board', prompts: ['#status', '.rules'] },
];

/// The element's box, and whether it lies whole in the window below the header where that stays on screen
/// (sticky), and is what is seen at its centre (not covered). The rules' line (`.rules`) says how to move.
async function seenWhole(page, selector) {
    const locator = page.locator(selector).first();
    const box = await locator.boundingBox();
    const { width, height } = page.viewportSize();
    const top = await page.evaluate(() => {
        const header = document.querySelector('.site-header');
        return getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
    });
    const inside = box !== null && box.x >= -1 && box.y >= top - 1 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
    const onTop = await locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    return { box, fits: inside && onTop };
}

for (const size of COLD_SIZES) {
    const label = `${size.width}x${size.height}${size.touch ? ' touch' : ''}`;
    test(`a link opened cold shows the whole board and what to do at ${label}`, async () => {
        const context = await contextFor(env.browser, size);
        const page = await openPage(context);
        for (const { url, board, prompts } of COLD_LINKS) {
            await page.goto(env.url + url);
            await page.locator(board).first().waitFor();
            if (board === 'svg.sprouts-board') {
                await page.waitForFunction(() => /Draw a move/.test(document.querySelector('#curve-feedback')?.textContent ?? ''));
            }
            assert.equal(await page.evaluate(() => window.scrollY), 0, `${url} at ${label}: the page opens at its top`);
            const shown = await seenWhole(page, board);
            assert.ok(shown.fits, `${url} at ${label}: the board ${JSON.stringify(shown.box)} is seen whole`);
            for (const prompt of prompts) {
                const seen = await seenWhole(page, prompt);
                assert.ok(seen.fits, `${url} at ${label}: ${prompt} ${JSON.stringify(seen.box)} is seen whole`);
            }
            // What the window shows, not the whole page.
            fs.mkdirSync(artifacts, { recursive: true });
            const name = `cold-${url.slice(1).replace(/[?&=.]/g, '-')}-${label.replace(' ', '-')}.png`;
            await page.screenshot({ path: path.join(artifacts, name) });
        }
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}
