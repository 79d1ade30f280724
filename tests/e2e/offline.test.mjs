// End-to-end: the app installed as a web app. Loaded once, it reloads, plays and answers a hint with the
// network off (the service worker serves the page, both wasm files, the CSS and the shipped base); a new
// build then offers "Reload" and replaces the old one. Served from a copy of dist/ so that the test can
// make a "new build" of it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { launchBrowser, openPage, screenshot } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let copy;
let server;
let url;
let browser;

before(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sprague-offline-'));
    fs.cpSync(process.env.SPRAGUE_DIST ?? path.join(root, 'dist'), copy, { recursive: true });
    assert.ok(fs.existsSync(path.join(copy, 'sw.js')), 'the build wrote a service worker');
    server = http.createServer(sirv(copy, { single: true, dev: true }));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
    browser = await launchBrowser();
});
after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(copy, { recursive: true, force: true });
});

test('installable: a manifest with icons, and the page controlled by a service worker', async () => {
    const context = await browser.newContext();
    const page = await openPage(context);
    await page.goto(`${url}/`);
    const manifest = await (await page.request.get(`${url}/manifest.webmanifest`)).json();
    assert.equal(manifest.display, 'standalone');
    for (const icon of manifest.icons) {
        const response = await page.request.get(url + icon.src);
        assert.equal(response.status(), 200, icon.src);
        assert.equal(response.headers()['content-type'], 'image/png');
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    assert.deepEqual(page.problems, []);
    await context.close();
});

test('offline: reload, play a move and get a hint with the network off; a new build offers Reload and takes over', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await openPage(context);
    await page.goto(`${url}/dots?n=9&vs=human`);
    await page.locator('.dot').first().waitFor();
    // Installed: the service worker controls the page once everything is cached.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await page.locator('.dot').first().waitFor();
    await page.locator('.dot').nth(4).click();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor();
    // A page never opened before, offline too (every path is the app), and a Sprouts hint from the worker.
    await page.goto(`${url}/sprouts?pos=0*4&vs=human`);
    await page.locator('circle.spot').nth(3).waitFor();
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    await screenshot(page, 'offline-sprouts-hint');
    // The misère form proof is cached too: the 12-spot misère start answers at once, every move marked.
    await page.goto(`${url}/sprouts?start=12&rules=misere&vs=human`);
    await page.click('#hint');
    await page.locator('#hint-verdict').waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#hint-verdict').textContent(), /player to move wins: 2 of the 7 moves win/);
    await context.setOffline(false);

    // A new build: a changed page, and the service worker written again over it (as Trunk's hook does).
    const index = path.join(copy, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>Sprague</title>', '<title>Sprague (new build)</title>'));
    execFileSync('node', [path.join(root, 'scripts/service-worker.mjs'), copy], { cwd: root });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.locator('#update-banner').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('#update-banner').textContent(), /new version of Sprague is ready/);
    await screenshot(page, 'offline-update-offered');
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForFunction(() => document.title === 'Sprague (new build)', null, { timeout: 30_000 });
    // The old build's files are gone from the caches: one precache left.
    const caches = await page.evaluate(() => caches.keys());
    assert.equal(caches.filter((name) => name.includes('precache')).length, 1, caches.join(', '));
    assert.deepEqual(page.problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p)), []);
    await context.close();
});
