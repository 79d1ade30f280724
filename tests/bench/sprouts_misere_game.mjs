// Benchmark (not a test): the hint over whole games of misère Sprouts against the computer, as a user
// asks it, in headless Chromium with the real solver workers (a fresh browser profile per game: the
// shipped base and form proof only, and what the game's questions learn).
// At each of the person's turns it clicks Hint and times the click to the verdict, and counts the moves
// the hint marked winning, losing or left "not examined"; then it plays a move from the list "Moves from
// here": the hint's winning move when there is one, except with probability `mistake rate` (seeded)
// any move (a mistake; a lost position's move is any move too). The computer replies; on to the end.
// Prints each hint, and per start the number of hints, their median and their maximum, and how long
// the computer took to reply (from the person's move to their next turn).
// Compare builds with SPRAGUE_DIST=<dist> node …
// Usage: node tests/bench/sprouts_misere_game.mjs [starts, default 10,12] [games a start, default 3]
//        [seed, default 1] [level, default perfect] [mistake rate, default 0.3]
import { serveDist, launchBrowser } from '../e2e/harness.mjs';

const starts = (process.argv[2] ?? '10,12').split(',').map(Number);
const games = Number(process.argv[3] ?? 3);
const seed = Number(process.argv[4] ?? 1);
const level = process.argv[5] ?? 'perfect';
const mistakes = Number(process.argv[6] ?? 0.3);

/// Mulberry32: a small seeded generator of numbers in [0, 1).
function generator(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const turnOrOver = (page) => page.waitForFunction(
    () => /Your turn|Game over/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 600_000 });

async function playGame(browser, url, n, random) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const hints = [];
    const replies = [];
    await page.goto(`${url}/sprouts?start=${n}&rules=misere&vs=computer&level=${level}`);
    for (let turn = 0; turn < 3 * n; turn += 1) {
        await turnOrOver(page);
        if (/Game over/.test(await page.locator('#status').textContent())) break;
        const started = Date.now();
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor({ timeout: 3_600_000 });
        const seconds = (Date.now() - started) / 1000;
        const position = await page.locator('#position').textContent();
        const marks = await page.locator('#children .child').evaluateAll((buttons) => buttons.map((b) => (
            b.classList.contains('wins') ? 'wins' : b.classList.contains('loses') ? 'loses' : 'open')));
        const count = (mark) => marks.filter((m) => m === mark).length;
        const note = (await page.locator('#computer-note').count()) > 0
            ? await page.locator('#computer-note').textContent() : '';
        hints.push({ seconds, open: count('open') });
        // The worker's own time for the question (the hint's last line: "… positions searched in 12 ms"),
        // which leaves out messaging and what the worker does after answering.
        const work = await page.locator('p.muted', { hasText: 'positions searched' }).first().textContent()
            .then((text) => / in ([\d.,]+ m?s)/.exec(text)?.[1] ?? '?').catch(() => '?');
        console.log(`  misère ${n}, move ${await page.locator('#moves li').count() + 1} (${position}): `
            + `${seconds.toFixed(2)} s (worker ${work}); ${count('wins')} win, ${count('loses')} lose, ${count('open')} not examined`
            + (note ? `; after "${note}"` : ''));
        const winning = marks.map((m, i) => (m === 'wins' ? i : -1)).filter((i) => i >= 0);
        const mistake = random() < mistakes;
        const pick = winning.length > 0 && !mistake
            ? winning[Math.floor(random() * winning.length)]
            : Math.floor(random() * marks.length);
        const before = await page.locator('#moves li').count();
        const played = Date.now();
        await page.locator('#children .child').nth(pick).click();
        await page.waitForFunction((k) => document.querySelectorAll('#moves li').length > k, before, { timeout: 600_000 });
        await turnOrOver(page);
        replies.push((Date.now() - played) / 1000);
    }
    const result = await page.locator('#status').textContent();
    await context.close();
    return { hints, result, replies };
}

const server = await serveDist();
const browser = await launchBrowser();
try {
    const summary = [];
    for (const n of starts) {
        const all = [];
        const waits = [];
        for (let game = 0; game < games; game += 1) {
            const random = generator(seed * 1000 + n * 10 + game);
            console.log(`misère ${n} spots, game ${game + 1} (seed ${seed * 1000 + n * 10 + game}), computer ${level}:`);
            const { hints, result, replies } = await playGame(browser, server.url, n, random);
            console.log(`  ${result.trim()}; the computer's replies took ${replies.map((r) => r.toFixed(1)).join(', ')} s`);
            all.push(...hints);
            waits.push(...replies);
        }
        const times = all.map((h) => h.seconds);
        const line = `misère ${n}: ${games} games, ${times.length} hints: median ${median(times).toFixed(2)} s, `
            + `max ${Math.max(...times).toFixed(2)} s, over 1 s: ${times.filter((t) => t >= 1).length}, `
            + `with moves not examined: ${all.filter((h) => h.open > 0).length}; the computer's replies (move to `
            + `move, drawing included): median ${median(waits).toFixed(1)} s, max ${Math.max(...waits).toFixed(1)} s`;
        console.log(line);
        summary.push(line);
    }
    console.log('\n' + summary.join('\n'));
} finally {
    await browser.close();
    await server.close();
}
