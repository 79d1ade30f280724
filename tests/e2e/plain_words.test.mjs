// End-to-end: the hint speaks plainly first — what to play and why, with no nimbers, XOR or "N-position" —
// and keeps the reason in nimbers one click away (open at once, but folded in classroom mode). Each move it
// names is checked against the brute force of reference.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, openPage, screenshot } from './harness.mjs';
import { remotenessOf, optionsOf } from './reference.mjs';

const app = useApp({ viewport: { width: 1024, height: 768 } });
const JARGON = /⊕|\*\d|N-position|P-position|nimber|XOR|nim-sum/;

async function hintOn(page, url, { classroom = false } = {}) {
    await page.goto(app.url + url);
    // Classroom mode is read back from IndexedDB after a page load: the hint is asked once it is on.
    if (classroom) await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
    await page.locator('#hint:not([disabled])').waitFor();
    await page.click('#hint');
    await page.locator('#hint-plain').waitFor();
    return page.locator('#hint-plain').textContent();
}

test('the hint says what to play in plain words, and the nimbers are one click away', async () => {
    const page = await openPage(app.context);
    // Grundy's game, piles of 8 and 4: a winning split, named as an instruction.
    const plain = await hintOn(page, '/grundy?piles=8.4&vs=human');
    const split = /^Split the pile of (\d+) into (\d+) and (\d+)\. Then, whatever your opponent does, you can always answer so that you make the last move\.$/.exec(plain);
    assert.ok(split, plain);
    const [, size, a, b] = split.map(Number);
    const rest = [8, 4];
    rest.splice(rest.indexOf(size), 1);
    assert.equal(remotenessOf('grundy', [...rest, a, b])[0], false, `${plain}: the split leaves a lost position`);
    assert.doesNotMatch(plain, JARGON);
    assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), true, 'the reason is open outside classroom mode');
    await page.locator('#nim-sum-row').waitFor();

    // A lost row of dots (the first n the brute force finds lost): no move wins, and the one named lasts longest.
    const lost = [...Array(30).keys()].slice(1).find((n) => !remotenessOf('dots', [n])[0]);
    const plainLost = await hintOn(page, `/dots?n=${lost}&vs=human`);
    const named = /^Every move loses if your opponent plays well\. Make the game last as long as you can, and hope they slip\. Mark dot (\d+) makes the game last longest\.$/.exec(plainLost);
    assert.ok(named, plainLost);
    const dot = Number(named[1]) - 1;
    const after = [Math.max(dot - 1, 0), Math.max(lost - dot - 2, 0)].filter((h) => h > 0);
    const longest = Math.max(...optionsOf('dots', lost).map((pieces) => remotenessOf('dots', pieces)[1]));
    assert.equal(remotenessOf('dots', after)[1], longest, `${plainLost}: the longest game`);
    assert.doesNotMatch(plainLost, JARGON);

    // Misère play: the goal is said the other way round.
    const misere = await hintOn(page, '/grundy?piles=7.4&vs=human&rules=misere');
    assert.match(misere, /so that your opponent has to make the last move\.$|^Every move loses/);

    // Classroom mode opens in the plain wording: the reason is folded, a click away.
    await page.click('#classroom-toggle');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-classroom') === 'on');
    await hintOn(page, '/grundy?piles=8.4&vs=human', { classroom: true });
    assert.equal(await page.locator('details.hint-why').evaluate((d) => d.open), false);
    assert.equal(await page.locator('#nim-sum-row').isVisible(), false);
    await page.click('details.hint-why summary');
    await page.locator('#nim-sum-row').waitFor();
    await screenshot(page, 'hint-plain-classroom');
    await page.click('#classroom-toggle');
    assert.deepEqual(page.problems, []);
    await page.close();
});
