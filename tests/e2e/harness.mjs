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
    const dist = process.env.SPRAGUE_DIST ?? path.join(root, 'dist'); // another build, for benchmarks
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

/// A finger's tap at (x, y) that a board acts on by itself. It must not also make a click: the browser
/// aims that click where the finger was once the page has changed, and it can land on a button that has
/// moved under it (Undo, on a phone). `strayClicks(page)` lists the clicks made since the tap.
export async function tapBoard(page, x, y) {
    await page.evaluate(() => {
        window.strayClicks = [];
        if (!window.listeningForClicks) {
            window.listeningForClicks = true;
            document.addEventListener('click', (e) => window.strayClicks.push(e.target.id || e.target.tagName), true);
        }
    });
    await page.touchscreen.tap(x, y);
}

export const strayClicks = (page) => page.evaluate(() => window.strayClicks ?? []);

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

/// The app served and a browser, for test files that open a context per window size: `env.url` and
/// `env.browser` are set once the tests run.
export function useServerAndBrowser() {
    const env = {};
    let server;
    before(async () => {
        server = await serveDist();
        env.browser = await launchBrowser();
        env.url = server.url;
    });
    after(async () => {
        await env.browser?.close();
        await server?.close();
    });
    return env;
}

/// The window sizes a class uses: a 1024×768 projector, a 1366×768 laptop, a 390×844 phone (touch).
export const SIZES = [
    { width: 1024, height: 768 },
    { width: 1366, height: 768 },
    { width: 390, height: 844, touch: true },
];

/// The sizes the tests that play whole games use: the projector (a mouse) and the phone (touch).
/// The laptop's 1366×768 plays as the projector does — the same input on a wider page, whose layout
/// board_in_view and sprouts_sizes check — so it is played in the slow lane only
/// (`SPRAGUE_E2E_ALL_SIZES=1`, set by scripts/test-slow), to keep scripts/test within its time.
export const PLAY_SIZES = process.env.SPRAGUE_E2E_ALL_SIZES ? SIZES : [SIZES[0], SIZES[2]];

/// A browser context of one of `SIZES`.
export function contextFor(browser, size) {
    return browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: Boolean(size.touch),
        isMobile: Boolean(size.touch),
    });
}

/// The centre of Sprouts spot `index` on screen.
export async function spotAt(page, index) {
    const box = await page.locator(`circle[data-spot="${index}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/// Drags through `points` (page coordinates) with the mouse, or with a finger (touch events as a touch
/// screen sends them), pressing at the first point and letting go at the last.
export async function drag(page, points, touch = false) {
    const steps = (a, b) => Array.from({ length: 8 }, (_, i) => ({
        x: a.x + ((b.x - a.x) * (i + 1)) / 8,
        y: a.y + ((b.y - a.y) * (i + 1)) / 8,
    }));
    const path = points.slice(1).flatMap((b, i) => steps(points[i], b));
    if (touch) {
        const cdp = await page.context().newCDPSession(page);
        const at = (p) => [{ x: p.x, y: p.y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
        for (const p of path) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
        return;
    }
    await page.mouse.move(points[0].x, points[0].y);
    await page.mouse.down();
    for (const p of path) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
}
