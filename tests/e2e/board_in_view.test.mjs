// End-to-end: after Start, the setup folds away and the whole board and its status are in the window, with
// no scrolling by the person — on every game page, at the sizes a class uses, and in classroom mode on the
// projector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor } from './harness.mjs';

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
