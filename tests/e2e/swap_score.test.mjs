// End-to-end: "Swap sides" hands the person's side to the computer mid-game, and each page's scorecard
// counts the games won and lost against the computer in this session, once each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, openPage, screenshot } from './harness.mjs';

const app = useApp({ viewport: { width: 1024, height: 768 } });

test('swap sides mid-game, then the finished game is counted once on the scorecard', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?piles=8.6&vs=computer&level=perfect');
    await page.locator('#swap-sides').waitFor();
    assert.equal(await page.locator('#scorecard').count(), 0, 'no score before a game ends');
    // The person's turn: after the swap the computer plays the first side, and so moves at once.
    await page.click('#swap-sides');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.match(await page.locator('#moves li').first().textContent(), /^Computer: /);
    assert.match(page.url(), /first=computer/);
    await page.waitForFunction(() => /Your turn/.test(document.querySelector('#status').textContent));
    // Play it out: the first legal split each time.
    for (let turn = 0; turn < 20; turn += 1) {
        const status = await page.locator('#status').textContent();
        if (/Game over/.test(status)) break;
        const before = await page.locator('#moves li').count();
        await page.locator('.counter:not([disabled])').first().click();
        await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n
            && /Your turn|Game over/.test(document.querySelector('#status').textContent), before);
    }
    const status = await page.locator('#status').textContent();
    assert.match(status, /Game over/);
    assert.equal(await page.locator('#swap-sides').count(), 0, 'no swapping once the game is over');
    const youWon = /You win/.test(status);
    const expected = `you won ${youWon ? 1 : 0}, it won ${youWon ? 0 : 1}`;
    await page.locator('#scorecard').waitFor();
    assert.match(await page.locator('#scorecard').textContent(), new RegExp(expected));
    await screenshot(page, 'scorecard');
    // The same finished game, reloaded, is not counted again; the score stays for the session.
    await page.reload();
    await page.locator('#scorecard').waitFor();
    assert.match(await page.locator('#scorecard').textContent(), new RegExp(expected));
    // Another page keeps its own score.
    await page.goto(app.url + '/dots');
    await page.locator('#status').waitFor();
    assert.equal(await page.locator('#scorecard').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
});
