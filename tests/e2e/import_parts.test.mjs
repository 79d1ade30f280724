// End-to-end: a large Sprouts base is imported by a pool of workers, one per core, each checking a part
// of the entries (src/ui/check_pool.rs). Re-importing the app's own export verifies every entry; the same
// export with one value changed is refused, naming that entry; the pool's workers end with the import.
// The truth: the exported file is what the solver proved (the shipped proof, checked when it was built),
// and a changed value is wrong because a position has one nimber.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, openPage, screenshot } from './harness.mjs';

const app = useApp({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });

/// Imports `text` as a file and waits for the report or the error. Returns the most workers alive at
/// once (counted from the workers' start and close events), and a promise that resolves once every
/// worker started for the import has closed (rejected if one is still open after `ms`).
async function importWatchingWorkers(page, name, text, ms = 30_000) {
    let alive = page.workers().length;
    let most = alive;
    const closes = [];
    const started = (worker) => {
        alive += 1;
        most = Math.max(most, alive);
        closes.push(new Promise((resolve) => worker.once('close', () => {
            alive -= 1;
            resolve();
        })));
    };
    page.on('worker', started);
    try {
        await page.setInputFiles('#import-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
        await page.locator('#import-progress').waitFor();
        await page.locator('#import-report, #bases-error').first().waitFor({ timeout: 240_000 });
        await page.waitForFunction(() => !document.querySelector('#import-file')?.disabled, null, { timeout: 240_000 });
    } finally {
        page.off('worker', started);
    }
    const allClosed = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`a worker of the import still open after ${ms} ms`)), ms);
        Promise.all(closes).then(() => {
            clearTimeout(timer);
            resolve();
        });
    });
    return { most, allClosed };
}

test('the app\'s own Sprouts export is verified in parts; with one value changed it is refused', async () => {
    const page = await openPage(app.context);
    // A hint stores the Sprouts base (it starts from the shipped proof).
    await page.goto(`${app.url}/sprouts?pos=0*3&vs=human`);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    await page.goto(app.url + '/bases');
    const row = page.locator('#bases tr', { hasText: 'Sprouts positions' });
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('.export-text').click()]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    const lines = text.split('\n');
    const entries = lines.filter((l) => /^\S+ (\d+|N|P)$/.test(l)); // nimbers, then misère outcomes
    assert.ok(entries.length > 10_000, `the export holds the shipped proof (${entries.length} entries)`);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const pool = Math.min(Math.max(cores, 1), 4);

    // One nimber changed, on a long position in the middle of the file.
    const at = lines.findIndex((l, i) => i > lines.length / 2 && /^\S{20,} 0$/.test(l));
    assert.ok(at > 0);
    const changed = lines[at].replace(/ 0$/, ' 1');
    const tampered = [...lines.slice(0, at), changed, ...lines.slice(at + 1)].join('\n');
    const beforeRows = await page.locator('#bases tbody tr').allTextContents();
    let { most, allClosed } = await importWatchingWorkers(page, 'tampered.txt', tampered);
    const error = await page.locator('#bases-error').textContent();
    assert.match(error, /nothing was imported.*contradict the rules of Sprouts/);
    assert.ok(error.includes(`${changed.split(' ')[0]} nimber 1`), `names the changed entry: ${error}`);
    assert.deepEqual(await page.locator('#bases tbody tr').allTextContents(), beforeRows, 'nothing stored');
    assert.equal(most, pool, `the page's worker and ${pool - 1} more, one per core`);
    await allClosed;
    await screenshot(page, 'import-parts-refused');

    ({ most, allClosed } = await importWatchingWorkers(page, 'sprouts-base.txt', text));
    const report = await page.locator('#import-report').textContent();
    assert.match(report, new RegExp(`Checked ${entries.length} entries against the rules of Sprouts: ${entries.length} verified`));
    assert.match(report, /0 new entries stored/);
    assert.equal(most, pool);
    await allClosed;
    assert.equal(page.workers().length, 1, 'the pool\'s workers ended with the import');
    await screenshot(page, 'import-parts-verified');
    assert.deepEqual(page.problems, []);
    await page.close();
});
