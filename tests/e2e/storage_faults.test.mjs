// End-to-end: what the solver stores in IndexedDB under faults, in the release build. Two tabs that
// learn and save at once keep each other's work; a save the browser refuses (a full quota) is told to
// the person, the answer still stands, and what was stored before is kept whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot } from './harness.mjs';

const env = useServerAndBrowser();

/// The stored heap-game sequences, as `{ name: values stored }`, read straight from IndexedDB.
function storedSequences(page) {
    return page.evaluate(() => new Promise((resolve, reject) => {
        const open = indexedDB.open('sprague');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
            const database = open.result;
            const all = database.transaction('bases').objectStore('bases').getAll();
            all.onsuccess = () => {
                database.close();
                const sequences = {};
                for (const base of all.result.filter((b) => b.kind === 'NimSequence')) {
                    sequences[base.name] = base.data.byteLength / 2;
                }
                resolve(sequences);
            };
            all.onerror = () => reject(all.error);
        };
    }));
}

/// Grundy's game values g(0..=n), by brute force from the rules (split a pile into two unequal ones).
function grundyValues(n) {
    const g = [];
    for (let pile = 0; pile <= n; pile += 1) {
        const seen = new Set();
        for (let a = 1; 2 * a < pile; a += 1) seen.add(g[a] ^ g[pile - a]);
        let m = 0;
        while (seen.has(m)) m += 1;
        g.push(m);
    }
    return g;
}

/// Asks the page's value tool for pile `n` (in the same tab: its worker, and what that holds in
/// memory, stay) and checks the answer against the brute force.
async function pileValue(page, n) {
    await page.fill('#heap-size', String(n));
    await page.click('#compute');
    await page.locator('#answer', { hasText: `A pile of ${n} ` }).waitFor();
    assert.equal(await page.locator('#answer').textContent(), `A pile of ${n} is worth *${grundyValues(n)[n]}`);
}

test('Two tabs computing one game at once: neither save drops what the other stored', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const [first, second] = [await openPage(context), await openPage(context)];
    // Both tabs read the stored sequence while it is short.
    for (const page of [first, second]) {
        await page.goto(`${env.url}/grundy`);
        await pileValue(page, 5);
    }
    // The first tab goes far; then the second, which still holds the short sequence, goes less far.
    await pileValue(first, 300);
    const afterFirst = await storedSequences(first);
    const name = Object.keys(afterFirst).find((n) => afterFirst[n] >= 301);
    assert.ok(name, `the first tab stored heaps 0..300 (${JSON.stringify(afterFirst)})`);
    await pileValue(second, 100);
    const afterBoth = await storedSequences(second);
    assert.ok(afterBoth[name] >= 301, `the second tab's save kept the first tab's values (${afterBoth[name]} stored)`);
    assert.deepEqual(first.problems, []);
    assert.deepEqual(second.problems, []);
    await context.close();
});

test('A save the browser refuses (storage full) is told, the answer stands, and what was stored is kept', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await openPage(context);
    await page.goto(`${env.url}/grundy`);
    await pileValue(page, 10);
    const before = await storedSequences(page);
    const name = Object.keys(before).find((n) => before[n] >= 11);
    assert.ok(name, `heaps 0..10 stored (${JSON.stringify(before)})`);

    // From now on the browser refuses every write, as when the site's storage quota is used up:
    // the worker's script is served with IndexedDB writes made to fail that way.
    await context.route('**/worker.js', async (route) => {
        const response = await route.fetch();
        const refuse = "IDBObjectStore.prototype.put = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };\n";
        await route.fulfill({ response, body: refuse + (await response.text()) });
    });
    await page.goto(`${env.url}/grundy`);
    await pileValue(page, 60);
    const note = page.locator('#not-saved');
    await note.waitFor();
    const text = await note.textContent();
    assert.match(text, /not saved/, text);
    assert.match(text, /storage for this site is full/, text);
    await screenshot(page, 'storage-full-not-saved');
    await page.click('#dismiss-not-saved');
    assert.equal(await note.count(), 0, 'the note goes once read');
    // Nothing stored was lost or changed.
    assert.deepEqual(await storedSequences(page), before);
    assert.deepEqual(page.problems, []);
    await context.close();
});
