// End-to-end: the release build in headless Chromium, used as a person would. Screenshots go to
// tests/e2e/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, openPage, screenshot } from './harness.mjs';
import { grundyValues, dotRowValues } from './reference.mjs';

const app = useApp({ viewport: { width: 1100, height: 760 } });

test('the reference values agree with published terms (OEIS A002188, Dawson\'s Kayles)', () => {
    assert.deepEqual(grundyValues(20), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    // 0.137 is Dawson's Kayles (0.07) shifted by one.
    assert.deepEqual(dotRowValues(14), [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0]);
});

test('the home page says what the app is and links to the three games', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.match(await page.locator('h1').textContent(), /Sprague/);
    for (const game of ['Sprouts', 'Dots', 'Grundy']) {
        assert.equal(await page.locator('nav').getByRole('link', { name: game }).count(), 1, game);
    }
    await screenshot(page, 'home');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('every game page has its own URL, and the header navigates between them', async () => {
    const page = await openPage(app.context);
    const titles = { '/sprouts': /Sprouts/, '/dots': /independence game/, '/grundy': /Grundy's game/ };
    for (const [path, title] of Object.entries(titles)) {
        await page.goto(app.url + path);
        await page.locator('h1').waitFor();
        assert.match(await page.locator('h1').textContent(), title, path);
        await screenshot(page, path.slice(1));
    }
    await page.locator('nav').getByRole('link', { name: 'Dots' }).click();
    await page.waitForURL(app.url + '/dots');
    assert.match(await page.locator('h1').textContent(), /independence game/);
    await page.goto(app.url + '/no/such/page');
    assert.match(await page.locator('h1').textContent(), /No such page/);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('the worker computes a Grundy pile value that matches an independent computation', async () => {
    const expected = grundyValues(300);
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy');
    await page.fill('#heap-size', '300');
    await page.click('#compute');
    await page.locator('#answer').waitFor();
    assert.equal(await page.locator('#answer').textContent(), `A pile of 300 is worth *${expected[300]}`);
    assert.match(await page.locator('#outcome').textContent(), expected[300] === 0 ? /loses/ : /wins/);
    assert.match(page.url(), /\/grundy\?heap=300$/, 'the question is in the URL');
    await screenshot(page, 'grundy-answer');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a shared Dots link answers at once, and its values match an independent computation', async () => {
    const expected = dotRowValues(120);
    const page = await openPage(app.context);
    for (const n of [0, 3, 51, 120]) {
        await page.goto(`${app.url}/dots?heap=${n}`);
        await page.locator('#answer').waitFor();
        assert.equal(await page.locator('#answer').textContent(), `A row of ${n} dots is worth *${expected[n]}`);
    }
    // Far out, by the published period: 0.137 has period 34 and its last exception at 51.
    const far = 1_000_000;
    const periodic = expected[52 + ((far - 52) % 34)];
    await page.goto(`${app.url}/dots?heap=${far}`);
    await page.locator('#answer').waitFor();
    assert.equal(await page.locator('#answer').textContent(), `A row of ${far} dots is worth *${periodic}`);
    assert.match(await page.locator('#period').textContent(), /period 34\b/);
    await screenshot(page, 'dots-answer');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('what the solver learned is stored, survives a reload, and is listed on the Bases page', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?heap=5000');
    await page.locator('#answer').waitFor();
    await page.reload();
    await page.locator('#answer').waitFor();
    // After a reload the worker is new: the answer can only come from IndexedDB.
    assert.match(await page.locator('#source').textContent(), /Answered from the base, which holds \d+ values/);
    await page.goto(app.url + '/bases');
    await page.locator('#bases').waitFor();
    const row = page.locator('#bases tr', { hasText: '4!.0' });
    assert.equal(await row.count(), 1);
    const entries = Number(await row.locator('td.number').first().textContent());
    assert.ok(entries >= 5001, `the base holds ${entries} values`);
    await screenshot(page, 'bases');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('the dark-mode setting is stored and survives a reload', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/');
    await page.locator('#theme-toggle').waitFor();
    const before = await page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    await page.click('#theme-toggle');
    const chosen = await page.evaluate(() => document.documentElement.dataset.theme);
    assert.ok(chosen === 'dark' || chosen === 'light');
    assert.notEqual(chosen, before);
    await page.waitForTimeout(300); // let the write to IndexedDB finish
    await page.reload();
    await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, chosen);
    await screenshot(page, `home-${chosen}`);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a long computation shows progress and can be cancelled; the page stays responsive', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy');
    await page.fill('#heap-size', '16000000');
    await page.click('#compute');
    await page.locator('.working progress').waitFor();
    // The main thread is free while the worker computes: a click takes effect while the computation
    // still runs (on the main thread it would wait for the end, and the progress bar would be gone).
    const toggleTheme = async () => {
        const was = await page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
        await page.click('#theme-toggle');
        await page.waitForFunction((theme) => (document.documentElement.dataset.theme ?? 'system') !== theme, was);
    };
    await toggleTheme();
    assert.equal(await page.locator('.working progress').count(), 1, 'the click took effect during the computation');
    await toggleTheme(); // back to the theme the other tests had
    await page.waitForFunction(() => Number(document.querySelector('.working progress')?.value) > 0);
    await screenshot(page, 'grundy-progress');
    await page.click('#cancel');
    await page.locator('.error', { hasText: 'Cancelled' }).waitFor();
    assert.equal(await page.locator('.working').count(), 0);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('malformed input and hostile URLs get a clear message and no markup is injected', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?heap=%3Cimg%20src%3Dx%3E');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /not valid.*not a heap size/);
    assert.equal(await page.locator('main img').count(), 0, 'no element was injected');
    await page.fill('#heap-size', '99999999999');
    await page.click('#compute');
    await page.locator('.error', { hasText: 'too large' }).waitFor();
    await page.fill('#heap-size', 'seven');
    await page.click('#compute');
    await page.locator('.error', { hasText: 'not a heap size' }).waitFor();
    // The worker survived the bad requests.
    await page.fill('#heap-size', '20');
    await page.click('#compute');
    await page.locator('#answer').waitFor();
    assert.equal(await page.locator('#answer').textContent(), `A pile of 20 is worth *${grundyValues(20)[20]}`);
    await screenshot(page, 'grundy-errors');
    assert.deepEqual(page.problems, []);
    await page.close();
});
