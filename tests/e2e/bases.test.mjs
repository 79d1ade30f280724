// End-to-end: exporting and importing bases on the Bases page. Exported Sprouts values are checked against
// the published nimbers of the n-spot starts; imports with wrong entries are refused and change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { useApp, openPage, screenshot } from './harness.mjs';
import { grundyValues } from './reference.mjs';

const app = useApp({ viewport: { width: 1100, height: 800 }, acceptDownloads: true });

async function importText(page, name, text) {
    await page.setInputFiles('#import-file', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.locator('#import-report, #bases-error').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('#import-file')?.disabled);
}

const entriesOf = async (page, game) =>
    Number(await page.locator('#bases tr', { hasText: game }).locator('td.number').first().textContent());

test('a Sprouts base is exported in GLOP text with the published start nimbers', async () => {
    const page = await openPage(app.context);
    // Teach the solver the 1- to 5-spot starts.
    for (let n = 1; n <= 5; n += 1) {
        await page.goto(`${app.url}/sprouts?start=${n}&vs=human`);
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    }
    await page.goto(app.url + '/bases');
    const row = page.locator('#bases tr', { hasText: 'Sprouts positions' });
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('.export-text').click()]);
    assert.equal(download.suggestedFilename(), 'sprouts-base.txt');
    const text = fs.readFileSync(await download.path(), 'utf8');
    const lines = text.split('\n');
    assert.equal(lines[0], '[Positions+Nimber]');
    const published = { '0*3': 1, '0*4': 1, '0*5': 1 }; // nimbers of 3, 4, 5 spots (1 and 2 spots are 0)
    for (const [position, nimber] of Object.entries(published)) {
        const line = lines.find((l) => l.startsWith(position + ' '));
        if (line) assert.equal(line, `${position} ${nimber}`);
    }
    assert.ok(lines.some((l) => /^0\*[345] 1$/.test(l)), 'some start is in the base');
    await screenshot(page, 'bases-sprouts');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('imports are checked: wrong entries are refused with a report and change nothing; good ones are merged', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?heap=30');
    await page.locator('#answer').waitFor();
    await page.goto(app.url + '/bases');
    await page.locator('#bases').waitFor();
    const before = await entriesOf(page, '4!.0');

    // 3 spots is worth *1, not *0.
    await importText(page, 'bad.txt', '[Positions+Nimber]\n0*3 0\n');
    assert.match(await page.locator('#bases-error').textContent(), /nothing was imported.*contradict the rules/);

    const g = grundyValues(40);
    const wrong = g.map((v, n) => `${n} ${n === 17 ? v + 1 : v}`).join('\n');
    await importText(page, 'grundy.txt', `[Nim values]\ngame 4!.0\n${wrong}\n`);
    assert.match(await page.locator('#bases-error').textContent(), /1 of the 41 values of 4!\.0 are wrong, e\.g\. heap 17/);

    await importText(page, 'junk.bin', 'hello');
    assert.match(await page.locator('#bases-error').textContent(), /not a base Sprague reads/);
    await importText(page, 'broken.txt', '[Positions+Nimber]\n0*3 one\n');
    assert.match(await page.locator('#bases-error').textContent(), /line 2/);

    const good = g.map((v, n) => `${n} ${v}`).join('\n');
    await importText(page, 'grundy.txt', `[Nim values]\ngame 4!.0\n${good}\n`);
    assert.match(await page.locator('#import-report').textContent(), /All 41 values of 4!\.0 agree/);
    assert.ok((await entriesOf(page, '4!.0')) >= Math.max(before, 41));

    await importText(page, 'good.txt', '[Positions+Nimber]\n0*3 1\n0*2 0\n');
    assert.match(await page.locator('#import-report').textContent(), /Checked 2 entries against the rules of Sprouts: 2 verified/);
    await screenshot(page, 'bases-import');
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a file over the import limit is refused before it is read, and stores nothing', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/bases');
    await page.locator('#bases').waitFor();
    const rowsBefore = await page.locator('#bases tr').allTextContents();
    // 40 MiB on disk (sparse): past the 32 MiB the page accepts.
    const path = `${fs.mkdtempSync(`${os.tmpdir()}/sprague-`)}/huge-base.bin`;
    const fd = fs.openSync(path, 'w');
    fs.ftruncateSync(fd, 40 << 20);
    fs.closeSync(fd);
    await page.setInputFiles('#import-file', path);
    const refusal = page.locator('#bases-error');
    await refusal.waitFor();
    assert.match(await refusal.textContent(), /the file is 40\.0 MiB; at most 32 MiB are accepted/);
    assert.equal(await page.locator('#import-file').isDisabled(), false, 'nothing is left running');
    assert.deepEqual(await page.locator('#bases tr').allTextContents(), rowsBefore);
    // The page and its worker go on: a good file is imported after it.
    await importText(page, 'good.txt', '[Positions+Nimber]\n0*3 1\n');
    assert.match(await page.locator('#import-report').textContent(), /1 verified/);
    fs.rmSync(path);
    assert.deepEqual(page.problems, []);
    await page.close();
});

test('a long import shows its progress and can be cancelled, storing nothing; clearing asks first', async () => {
    const page = await openPage(app.context);
    await page.goto(app.url + '/grundy?heap=30');
    await page.locator('#answer').waitFor();
    await page.goto(app.url + '/bases');
    await page.locator('#bases').waitFor();
    const before = await page.locator('#bases tbody tr').allTextContents();
    // A large base (the app's earlier shipped base, tests/data/README.md): 79,923 entries, each checked
    // against the rules, seconds of work.
    const large = fs.readFileSync(new URL('../data/sprouts-base-80k.bin', import.meta.url));
    await page.setInputFiles('#import-file', { name: 'sprouts-base.bin', mimeType: 'application/octet-stream', buffer: large });
    await page.locator('#import-progress progress').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('#import-progress progress')?.value ?? 0) > 0);
    assert.match(await page.locator('#import-progress').textContent(), /Checking every entry against the rules: \d+ of \d+/);
    await screenshot(page, 'bases-import-progress');
    await page.click('#cancel-import');
    await page.locator('#import-report').waitFor();
    assert.match(await page.locator('#import-report').textContent(), /cancelled: nothing was stored/);
    assert.deepEqual(await page.locator('#bases tbody tr').allTextContents(), before);
    // Clear asks, saying what will be lost; saying no keeps the base.
    const row = page.locator('#bases tr', { hasText: '4!.0' });
    let asked = '';
    page.once('dialog', (dialog) => { asked = dialog.message(); dialog.dismiss(); });
    await row.locator('.clear').click();
    assert.match(asked, /Clear the base .*entries will be deleted/);
    assert.equal(await page.locator('#bases tr', { hasText: '4!.0' }).count(), 1);
    page.once('dialog', (dialog) => dialog.accept());
    await row.locator('.clear').click();
    await page.waitForFunction(() => ![...document.querySelectorAll('#bases tr')].some((tr) => tr.textContent.includes('4!.0')));
    assert.deepEqual(page.problems, []);
    await page.close();
});
