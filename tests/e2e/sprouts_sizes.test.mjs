// End-to-end: drawing Sprouts moves at the window sizes classrooms use — projectors, laptops, desktops,
// tablets, phones — with a mouse and with a finger, in normal and classroom mode. A curve dragged exactly
// from one spot to another must be taken, wherever the board sits in the window (letterboxed at wide
// aspect ratios) and however the page is scrolled; the move played must be one the engine lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, spotAt, drag, tapBoard, strayClicks } from './harness.mjs';

const env = useServerAndBrowser();

const SIZES = [
    { width: 1024, height: 768 },
    { width: 1366, height: 768 },
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
    { width: 768, height: 1024, touch: true },
    { width: 390, height: 844, touch: true },
];

async function tap(page, point, touch) {
    if (touch) await tapBoard(page, point.x, point.y);
    else await page.mouse.click(point.x, point.y);
}

for (const size of SIZES) {
    for (const classroom of [false, true]) {
        const label = `${size.width}×${size.height}${size.touch ? ' (touch)' : ''}${classroom ? ', classroom mode' : ''}`;
        test(`Sprouts board at ${label}: a curve drawn exactly from spot to spot is played`, async () => {
            const context = await env.browser.newContext({
                viewport: { width: size.width, height: size.height },
                hasTouch: Boolean(size.touch),
                isMobile: Boolean(size.touch),
            });
            const page = await openPage(context);
            await page.goto(`${env.url}/sprouts?start=2&vs=human`);
            await page.locator('circle.spot').nth(1).waitFor();
            if (classroom) {
                await page.click('#classroom-toggle');
                await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
            }
            const children = await page.locator('#children code').allTextContents();
            // As a person does: scroll until the board (and the line over it) is just under the header.
            await page.evaluate(() => {
                const wrap = document.querySelector('.sprouts-board-wrap').getBoundingClientRect();
                const header = document.querySelector('.site-header');
                const sticky = getComputedStyle(header).position === 'sticky';
                window.scrollBy(0, wrap.top - (sticky ? header.getBoundingClientRect().bottom : 0) - 4);
            });
            const [a, b] = [await spotAt(page, 0), await spotAt(page, 1)];
            const board = await page.locator('svg.sprouts-board').boundingBox();
            // An arc from the very centre of one spot to the very centre of the other, bowing a fifth of the
            // board's height away from the line between them.
            const bow = Math.max(30, board.height / 5);
            const mid = { x: (a.x + b.x) / 2, y: Math.max(board.y + 10, Math.min(a.y, b.y) - bow) };
            // A curve that ends nowhere is refused where the eyes are: the message is on screen (not under
            // the sticky header, not below the window) while the board is, and the refused curve stays a
            // moment with its loose end ringed.
            const loose = { x: (a.x + b.x) / 2, y: a.y + Math.min(bow, (board.y + board.height - a.y) / 2) };
            await drag(page, [a, loose], size.touch);
            const refusal = page.locator('#curve-feedback');
            assert.match(await refusal.textContent(), /does not end on a spot/);
            const shown = await refusal.boundingBox();
            const header = await page.locator('.site-header').boundingBox();
            const headerBottom = (await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')).position)) === 'sticky'
                ? header.y + header.height : 0;
            assert.ok(shown.y >= headerBottom - 1 && shown.y + shown.height <= size.height,
                `the message is in view (${shown.y}..${shown.y + shown.height} of ${size.height}, header to ${headerBottom})`);
            const ring = await page.locator('#refused-curve .fault').boundingBox();
            assert.ok(Math.hypot(ring.x + ring.width / 2 - loose.x, ring.y + ring.height / 2 - loose.y) < 12, 'the loose end is ringed');
            await drag(page, [a, mid, b], size.touch);
            await page.locator('#curve-feedback').waitFor();
            const feedback = await page.locator('#curve-feedback').textContent();
            assert.match(feedback, /Press on the curve where the new spot goes/, feedback);
            // The new spot goes on the curve's top, pressed on the dashed curve itself (on a dash, where
            // a finger pressing "on the curve" lands): the press removes that curve, and the page must
            // still cancel the click the tap makes.
            const put = await page.evaluate((near) => {
                const curve = document.querySelector('path.draft.pending');
                const toScreen = (length) => {
                    const p = curve.getPointAtLength(length);
                    return new DOMPoint(p.x, p.y).matrixTransform(curve.getScreenCTM());
                };
                const total = curve.getTotalLength();
                let best = 0;
                for (let l = 0; l <= total; l += total / 400) {
                    const [a, b] = [toScreen(l), toScreen(best)];
                    if (Math.hypot(a.x - near.x, a.y - near.y) < Math.hypot(b.x - near.x, b.y - near.y)) best = l;
                }
                const [dash, gap] = getComputedStyle(curve).strokeDasharray.split(/[ ,]+/).map(parseFloat);
                const onDash = Math.min(total, Math.floor(best / (dash + gap)) * (dash + gap) + dash / 2);
                const p = toScreen(onDash);
                return { x: p.x, y: p.y };
            }, mid);
            // Where it was put on the board (the board moves when the line over it changes).
            const boardThen = await page.locator('svg.sprouts-board').boundingBox();
            await tap(page, put, size.touch);
            await page.locator('#moves li').first().waitFor();
            assert.deepEqual(await strayClicks(page), [], 'the tap on the board made a click');
            const position = await page.locator('#position').textContent();
            assert.ok(children.includes(position), `${position} is one of the moves the engine lists`);
            assert.equal(await page.locator('circle.spot').count(), 3, 'the move put a new spot on its curve');
            const placed = await spotAt(page, 2);
            const boardNow = await page.locator('svg.sprouts-board').boundingBox();
            assert.ok(Math.hypot(placed.x - boardNow.x - (put.x - boardThen.x), placed.y - boardNow.y - (put.y - boardThen.y))
                < Math.max(20, board.width / 40), 'the new spot is where it was put');
            await screenshot(page, `sprouts-drawn-${size.width}x${size.height}${classroom ? '-classroom' : ''}`);
            assert.deepEqual(page.problems, []);
            await context.close();
        });
    }
}
