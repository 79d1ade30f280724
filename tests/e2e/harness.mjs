// Shared set-up for the end-to-end tests: serve the release build in dist/ on 127.0.0.1 (with the
// single-page fallback a static host needs) and drive Debian's Chromium with Playwright.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifacts = path.join(root, 'tests/e2e/artifacts');

export async function serveDist() {
    const dist = path.join(root, 'dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
        throw new Error('dist/index.html is missing: run `trunk build --release` first (scripts/test does)');
    }
    const handler = sirv(dist, { single: true, dev: true });
    const server = http.createServer(handler);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function launchBrowser() {
    return chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync',
        ],
    });
}

/// A page that records console errors, page errors and CSP violations, for tests to assert there are none.
export async function openPage(context) {
    const page = await context.newPage();
    page.problems = [];
    page.on('console', (message) => {
        if (message.type() === 'error') page.problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
    return page;
}

export async function screenshot(page, name) {
    fs.mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

/// The app for one test file: served and opened in one browser context (IndexedDB persists across its pages
/// and reloads) before the tests, closed after. `app.url` and `app.context` are set once the tests run.
export function useApp(contextOptions = {}) {
    const app = {};
    let server;
    let browser;
    before(async () => {
        server = await serveDist();
        browser = await launchBrowser();
        app.url = server.url;
        app.context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...contextOptions });
    });
    after(async () => {
        await app.context?.close();
        await browser?.close();
        await server?.close();
    });
    return app;
}
