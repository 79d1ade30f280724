// End-to-end: details a class meets — long move lists, fingertip-sized counters, a hint curve that cannot
// be taken for the player's own, a legend for the spots' colours, and words a pupil can read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage } from './harness.mjs';

const env = useServerAndBrowser();

test('move numbers of two digits fit in the move list', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    // Twelve moves on a row of 40 dots (every third dot), between two people.
    const moves = Array.from({ length: 12 }, (_, i) => 1 + 3 * i).join('.');
    await page.goto(`${env.url}/dots?n=40&vs=human&m=${moves}`);
    await page.locator('#moves li').nth(11).waitFor();
    const fits = await page.locator('.move-list ol').evaluate((ol) => {
        const style = getComputedStyle(ol);
        const canvas = document.createElement('canvas').getContext('2d');
        canvas.font = `${style.fontSize} ${style.fontFamily}`;
        // The marker "12." and the gap before the text.
        return canvas.measureText('12. ').width <= parseFloat(style.paddingLeft);
    });
    assert.ok(fits, 'the marker "12." is inside the list\'s padding');
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('on a phone, Grundy counters are at least 24 px tall', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await openPage(context);
    await page.goto(`${env.url}/grundy?piles=12&vs=human`);
    await page.locator('.counter').first().waitFor();
    const heights = await page.locator('.counter').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    assert.ok(Math.min(...heights) >= 24, `counters ${Math.min(...heights)} px tall`);
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('Sprouts: the hint curve looks unlike the player\'s curve, a legend names the colours, the end is said in words', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${env.url}/sprouts?pos=0*3&vs=human`);
    await page.locator('circle.spot').nth(2).waitFor();
    const legend = await page.locator('.spot-legend').textContent();
    for (const words of ['3 lives', '2 lives', '1 life', 'no lives']) assert.ok(legend.includes(words), words);
    await page.click('#hint');
    await page.locator('path.curve.hint').waitFor({ state: 'attached', timeout: 60_000 });
    const hint = await page.locator('path.curve.hint').evaluate((p) => getComputedStyle(p).stroke);
    const legal = await page.evaluate(() => {
        const probe = document.createElementNS('http://www.w3.org/2000/svg', 'path');
        probe.setAttribute('class', 'draft pending');
        document.querySelector('svg.sprouts-board').append(probe);
        const stroke = getComputedStyle(probe).stroke;
        probe.remove();
        return stroke;
    });
    assert.notEqual(hint, legal, 'the hint and a legal curve of the player differ in colour');
    assert.match(await page.locator('.spot-legend').textContent(), /the hint's move/);
    // A finished game: 1 spot, then its only kind of move (a loop) twice… simplest: a link to the end.
    await page.goto(`${env.url}/sprouts?pos=!&vs=human`);
    await page.locator('#position').waitFor();
    assert.match(await page.locator('.position').textContent(), /no move is left/);
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('the sequence plot says what a rare value is in words', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${env.url}/learn/sequence?code=grundy`);
    const key = page.locator('.key-rare');
    await key.waitFor({ timeout: 60_000 });
    assert.match(await key.textContent(), /rare value \(one of the few the fast method checks first\)/);
    assert.match(await key.getAttribute('title'), /AND \d+ \(binary [01]+\)/);
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('classroom mode on a 1024-px projector: the header stays on one line', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPage(context);
    await page.goto(`${env.url}/dots?n=9&vs=human`);
    await page.locator('.dot').first().waitFor();
    const lineHeight = async () => (await page.locator('.site-header').boundingBox()).height;
    const normal = await lineHeight();
    await page.click('#classroom-toggle');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
    const links = await page.locator('.site-header a, .site-header button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    assert.ok(Math.max(...links) - Math.min(...links) < 12, `header items on one line (tops ${links.join(', ')})`);
    assert.ok((await lineHeight()) < normal * 1.6, 'the header is not taller than a line');
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('after a move on the Dots board the focus stays on the board, not the page', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await page.goto(`${env.url}/dots?n=9&vs=human`);
    await page.locator('.dot').nth(4).click();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    const focused = await page.evaluate(() => Boolean(document.activeElement?.closest('.board')));
    assert.ok(focused, 'the focus is on the board');
    assert.deepEqual(page.problems, []);
    await context.close();
});

for (const [width, classroom] of [[1280, false], [1024, false], [1366, true]]) {
    test(`the misère view at ${width} px${classroom ? ' in classroom mode' : ''}: the genus table and the outcome grid do not overlap`, async () => {
        const context = await env.browser.newContext({ viewport: { width, height: 900 } });
        const page = await openPage(context);
        await page.goto(`${env.url}/learn/misere?code=0.137`);
        if (classroom) {
            await page.click('#classroom-toggle');
            await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
        }
        await page.locator('.genus-table').waitFor({ timeout: 60_000 });
        await page.locator('.outcome-grid').waitFor({ timeout: 60_000 });
        const [table, grid] = [await page.locator('.genus-table').boundingBox(), await page.locator('.outcome-grid').boundingBox()];
        const apart = table.x + table.width <= grid.x + 0.5 || grid.y >= table.y + table.height - 0.5;
        assert.ok(apart, `table ${JSON.stringify(table)} and grid ${JSON.stringify(grid)} overlap`);
        assert.deepEqual(page.problems, []);
        await context.close();
    });
}
