// Screenshots of "Show values" on a row of pins and on Sprouts at 1024×768 and 390×844 (Sprouts also at
// 1366×768 and 1920×1080, and with exact mode's moves), to look at by eye:
// `SPRAGUE_DIST=… node tests/e2e/values_screenshots.mjs OUT_DIR` (the viewport only: what the class sees
// without scrolling; Sprouts as the page shows a game once it is started: scrolled to the game).
import { launchBrowser, serveDist, contextFor } from './harness.mjs';

const out = process.argv[2] ?? '/tmp';
const server = await serveDist();
const browser = await launchBrowser();
for (const size of [{ width: 1024, height: 768 }, { width: 390, height: 844, touch: true }]) {
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    const name = `${size.width}x${size.height}`;
    await page.goto(server.url + '/dots?code=kayles&n=9&vs=human');
    await page.click('#show-values');
    await page.locator('#knock-downs .knock-down').first().waitFor();
    await page.screenshot({ path: `${out}/pins-${name}.png` });
    await page.click('[data-pin="4"]');
    await page.screenshot({ path: `${out}/pins-chosen-${name}.png` });
    await page.screenshot({ path: `${out}/pins-full-${name}.png`, fullPage: true });
    await context.close();
}
for (const size of [{ width: 1024, height: 768 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 390, height: 844, touch: true }]) {
    const context = await contextFor(browser, size);
    const page = await context.newPage();
    const name = `${size.width}x${size.height}`;
    const press = (selector) => (size.touch ? page.locator(selector).tap() : page.locator(selector).click());
    await page.goto(server.url + '/sprouts?start=3&vs=human');
    await page.locator('circle.spot').nth(2).waitFor();
    // Started from the setup, as a teacher does: the page brings the game to the top of the window.
    await press('.setup summary');
    await press('details.setup form button[type="submit"]');
    await page.waitForFunction(() => !document.querySelector('details.setup').open);
    await page.locator('circle.spot').nth(2).waitFor();
    await page.waitForTimeout(300);
    await press('#show-values');
    await page.locator('#children .move-words').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${out}/sprouts-${name}.png` });
    await press('#exact-mode');
    await press('circle.spot[data-spot="0"]');
    await press('circle.spot[data-spot="0"]');
    await page.locator('#spot-moves .child.valued').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${out}/sprouts-exact-${name}.png` });
    await page.locator('#children').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/sprouts-list-${name}.png` });
    await context.close();
}
await browser.close();
await server.close();
