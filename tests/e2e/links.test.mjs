// End-to-end: links as people type and share them. Every page that shows a position takes `pos=` (older
// names still work), says which parameters it ignored, and states the real limit of a size that is too big.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, openPage } from './harness.mjs';

const app = useApp();

test('Sprouts takes pos= as the teaching pages do (start= still works) and names parameters it ignores', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/sprouts?pos=0*6&vs=human&colour=red`);
    await page.locator('circle.spot').nth(5).waitFor();
    assert.equal(await page.locator('circle.spot').count(), 6);
    assert.match(await page.locator('#url-ignored').textContent(), /does not use “colour”/);
    await page.goto(`${app.url}/sprouts?start=4&vs=human`);
    await page.locator('circle.spot').nth(3).waitFor();
    assert.equal(await page.locator('circle.spot').count(), 4);
    assert.equal(await page.locator('#url-ignored').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('Sizes beyond the limit say the limit; unknown parameters on heap pages are named', async () => {
    const page = await openPage(app.context);
    for (const [path, message] of [
        ['/grundy?piles=99999999999999', /too large \(at most 50\)/],
        ['/dots?n=100000000', /too large \(at most 500\)/],
        ['/dots?n=seven', /use a whole number up to 500/],
    ]) {
        await page.goto(app.url + path);
        await page.locator('#url-error').waitFor();
        assert.match(await page.locator('#url-error').textContent(), message, path);
    }
    await page.goto(`${app.url}/dots?n=7&pos=3&vs=human`);
    await page.locator('.dot').first().waitFor();
    assert.match(await page.locator('#url-ignored').textContent(), /does not use “pos”/);
    assert.deepEqual(page.problems, []);
    await page.close();
});
