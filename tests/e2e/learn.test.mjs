// End-to-end: the teaching views (/learn/…) in the release build. Every number read from the page is
// checked against independent values: plain brute forces written in reference.mjs (sharing no code with the
// engine), the independence-game reference (../shared/references/independence-game-blog.txt, whose numbers
// are themselves checked against the brute force here) and published facts (Kayles: period 12, preperiod 71).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { useApp, openPage, screenshot } from './harness.mjs';
import { grundyValues, dotRowValues, octalValues, optionsOf, misereValue, misereWins } from './reference.mjs';

const app = useApp({ viewport: { width: 1100, height: 900 }, acceptDownloads: true });

const dots = dotRowValues(700);
const grundy = grundyValues(2000);
const kayles = octalValues('0.77', 300);
const xor = (values, heaps) => heaps.reduce((x, h) => x ^ values[h], 0);

// From the independence-game reference.
const BLOG_TABLE = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2];
const BLOG_SINGLE = [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96];
const BLOG_PAIRS = `(1,2), (1,6), (1,7), (2,6), (2,7), (6,7), (3,11), (5,9), (3,12), (5,10), (3,16), (9,10), (3,17), (1,21),
 (11,12), (1,22), (2,21), (5,18), (2,22), (5,19), (11,16), (1,26), (6,21), (9,18), (10,18), (11,17), (12,16), (1,27), (2,26),
 (3,25), (5,23), (6,22), (7,21), (9,19), (10,19), (12,17), (2,27), (7,22), (6,26), (9,23), (10,23), (16,17), (6,27), (7,26),
 (3,31), (7,27), (11,25), (1,35), (12,25), (1,36), (18,19), (2,35), (2,36), (3,37), (1,40), (16,25), (18,23), (6,35), (11,31),
 (13,29), (1,41), (17,25), (19,23), (2,40), (6,36), (7,35), (12,31), (21,22), (2,41), (7,36), (5,39), (15,30), (13,33), (6,40),
 (16,31), (21,26), (6,41), (7,40)`.match(/\(\d+,\d+\)/g).map((p) => p.slice(1, -1).replace(',', '-'));
const BLOG_EXCEPTIONS = [0, 14, 16, 17, 31, 34, 51];
const BLOG_PERIOD = '8112031103322445593301130211045374';

function noProblems(page) {
    assert.deepEqual(page.problems, [], 'no console errors, page errors or CSP violations');
}

/// Opens a view and waits until the worker has answered (or an error is shown).
async function open(page, path, ready) {
    await page.goto(`${app.url}${path}`);
    await page.waitForSelector(`${ready}, #learn-error`, { timeout: 60_000 });
    const error = await page.locator('#learn-error').allTextContents();
    assert.deepEqual(error, [], `no error on ${path}`);
}

test('the reference blog agrees with the brute force (so it can be used as a reference)', () => {
    assert.deepEqual(dots.slice(0, 13), BLOG_TABLE);
    assert.deepEqual(dots.slice(1, 101).flatMap((v, i) => (v === 0 ? [i + 1] : [])), BLOG_SINGLE);
    const pairs = [];
    for (let a = 1; a <= 47; a += 1) for (let b = a + 1; a + b <= 47; b += 1) if (dots[a] === dots[b] && dots[a] !== 0) pairs.push(`${a}-${b}`);
    assert.deepEqual([...BLOG_PAIRS].sort(), [...pairs].sort(), 'two-heap P-positions up to 47 tokens');
    // The period string is indexed by n mod 34, apart from the exceptions.
    for (let n = 0; n <= 700; n += 1) {
        if (BLOG_EXCEPTIONS.includes(n)) continue;
        assert.equal(dots[n], Number(BLOG_PERIOD[n % 34]), `g(${n})`);
    }
});

test('mex table: the reference table for 0.137, Grundy and Kayles ranges, options on hover', async () => {
    const page = await openPage(app.context);
    await open(page, '/learn/mex?code=0.137&from=0&to=12', '#mex-table');
    const rows = await page.locator('#mex-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({
        heap: Number(tr.dataset.heap), mex: Number(tr.dataset.mex), options: Number(tr.dataset.options),
    })));
    assert.deepEqual(rows.map((r) => r.mex), BLOG_TABLE);
    for (const row of rows) {
        const distinct = new Set(optionsOf('dots', row.heap).map((p) => [...p].sort((a, b) => a - b).join(',')));
        assert.equal(row.options, distinct.size, `options of heap ${row.heap}`);
    }
    // Each option's value is the XOR of its pieces' values.
    const cells = await page.locator('#mex-table .opt').evaluateAll((els) => els.map((el) => [el.dataset.pieces, Number(el.dataset.value)]));
    for (const [pieces, value] of cells) {
        const heaps = pieces === '' ? [] : pieces.split(',').map(Number);
        assert.equal(value, xor(dots, heaps), `value of (${pieces})`);
    }
    // Each heap links to the board with that row of dots.
    assert.equal(await page.locator('#mex-table tr[data-heap="9"] th a').getAttribute('href'), '/dots?n=9');
    // Hover (1,5) in row 9: the detail explains it.
    await page.locator('#mex-table tr[data-heap="9"] .opt[data-pieces="1,5"]').hover();
    const detail = await page.locator('#mex-option').textContent();
    assert.match(detail, /Heap 9 → \(1,5\)/);
    assert.match(detail, /\*1 ⊕ \*3 = \*2/);
    assert.equal(await page.locator('#mex-option .heap-picture').count(), 1);
    // Keyboard: focusing an option shows it too.
    await page.locator('#mex-table tr[data-heap="12"] .opt').first().focus();
    assert.match(await page.locator('#mex-option').textContent(), /Heap 12 →/);
    await screenshot(page, 'learn-mex-0.137');

    for (const [code, from, to, values] of [['4!.0', 0, 40, grundy], ['0.77', 60, 90, kayles], ['4!.0', 950, 990, grundy]]) {
        await open(page, `/learn/mex?code=${encodeURIComponent(code)}&from=${from}&to=${to}`, '#mex-table');
        await page.waitForFunction((f) => document.querySelector('#mex-table tbody tr')?.dataset.heap === String(f), from);
        const got = await page.locator('#mex-table tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.heap), Number(tr.dataset.mex), Number(tr.dataset.options)]));
        assert.equal(got.length, to - from + 1);
        if (code === '4!.0' && from === 0) {
            assert.equal(await page.locator('#mex-table tr[data-heap="9"] th a').getAttribute('href'), '/grundy?piles=9');
            await page.locator('#mex-table tr[data-heap="9"] .opt').first().hover();
            assert.equal(await page.locator('#mex-option a').getAttribute('href'), '/grundy?piles=1.8');
            await screenshot(page, 'learn-mex-grundy');
        }
        for (const [heap, mex, options] of got) {
            assert.equal(mex, values[heap], `${code}: g(${heap})`);
            const game = code === '4!.0' ? 'grundy' : code;
            assert.equal(options, optionsOf(game, heap).length, `${code}: options of ${heap}`);
        }
    }
    noProblems(page);
    await page.close();
});

test('nim-sum explainer: values, the XOR column by column, and every listed move wins', async () => {
    const page = await openPage(app.context);
    const cases = [
        ['0.137', [5, 7, 9], dots, 'dots'],
        ['0.137', [50], dots, 'dots'],
        ['0.137', [6, 19, 19], dots, 'dots'],
        ['0.137', [4, 8], dots, 'dots'],
        ['4!.0', [7, 5, 10], grundy, 'grundy'],
        ['4!.0', [20, 13, 1000], grundy, 'grundy'],
        ['0.77', [9, 14, 3, 80], kayles, '0.77'],
    ];
    for (const [code, heaps, values, game] of cases) {
        await open(page, `/learn/nim-sum?code=${encodeURIComponent(code)}&heaps=${heaps.join('.')}`, '#explain');
        await page.waitForFunction((h) => document.querySelector('#nim-table caption')?.textContent.includes(`(${h})`), heaps.join(', '));
        const rows = await page.locator('#nim-table tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.heap), Number(tr.dataset.value), [...tr.querySelectorAll('td.bit')].map((td) => td.textContent).join('')]));
        assert.deepEqual(rows.map((r) => r[0]), heaps);
        for (const [heap, value, bits] of rows) {
            assert.equal(value, values[heap], `${code}: g(${heap})`);
            assert.equal(parseInt(bits, 2), value, `binary of g(${heap})`);
        }
        const sum = xor(values, heaps);
        assert.equal(Number(await page.locator('#nim-sum').getAttribute('data-value')), sum);
        const sumBits = await page.locator('#nim-sum td.bit').allTextContents();
        assert.equal(parseInt(sumBits.join(''), 2), sum, 'the XOR row');
        // Column by column: the XOR row's digit is the parity of the column.
        for (let c = 0; c < sumBits.length; c += 1) {
            const ones = rows.filter((r) => r[2][c] === '1').length;
            assert.equal(Number(sumBits[c]), ones % 2, `column ${c}`);
        }
        assert.equal(await page.locator('#explain').getAttribute('data-outcome'), sum === 0 ? 'P' : 'N');
        const after = await page.locator('.winning-move').evaluateAll((els) => els.map((el) => el.dataset.after.split(',').filter((s) => s !== '').map(Number)));
        // Every move to a P-position, found here by trying every move.
        const expected = new Set();
        heaps.forEach((h, i) => {
            for (const pieces of optionsOf(game, h)) {
                const result = [...heaps.slice(0, i), ...pieces, ...heaps.slice(i + 1)];
                if (xor(values, result) === 0) expected.add(`${i}:${result.join(',')}`);
            }
        });
        const listed = await page.locator('.winning-move').evaluateAll((els) => els.map((el) => `${el.dataset.heapIndex}:${el.dataset.after}`));
        assert.deepEqual([...new Set(listed)].sort(), [...expected].sort(), `${code} ${heaps}: winning moves`);
        for (const result of after) assert.equal(xor(values, result), 0, `after ${result} the nim-sum is 0`);
        if (sum !== 0) assert.match(await page.locator('#winning-total').textContent(), new RegExp(`^${expected.size} winning moves? in all\\.`));
        if (code === '0.137' && heaps.join() === '50') assert.ok(listed.includes('0:6,41'), 'the reference\'s move: leave 6 and 41');
        if (code === '0.137' && heaps.join() === '6.19.19') assert.deepEqual(listed, ['0:4,19,19'], 'the reference\'s answer: take an end of the 6');
    }
    // A heap of a million dots: the values from the period, the moves counted, the first 200 listed.
    await open(page, '/learn/nim-sum?code=0.137&heaps=1000000.3', '#explain');
    const big = 1000000;
    const g = (n) => (n < 52 ? dots[n] : dots[52 + ((n - 52) % 34)]);
    assert.equal(Number(await page.locator('#nim-table tbody tr').first().getAttribute('data-value')), g(big));
    // Distinct moves on the big row (dot i and dot n-1-i leave the same), then on the row of 3.
    let bigTotal = 0;
    for (let i = 0; i <= (big - 1) >> 1; i += 1) if ((g(Math.max(i - 1, 0)) ^ g(Math.max(big - i - 2, 0)) ^ g(3)) === 0) bigTotal += 1;
    for (const pieces of optionsOf('dots', 3)) if ((g(big) ^ xor(dots, pieces)) === 0) bigTotal += 1;
    assert.ok(bigTotal > 200);
    assert.match(await page.locator('#winning-total').textContent(), new RegExp(`^${bigTotal} winning moves in all`));
    assert.equal(await page.locator('.winning-move').count(), 200);
    assert.match(await page.locator('#winning-total').textContent(), /the first 200 are shown/);
    // Following a winning move's link explains the position it leaves: nim-sum 0.
    await open(page, '/learn/nim-sum?code=4!.0&heaps=7.5.10', '#explain');
    await page.locator('.winning-move a', { hasText: 'check the new nim-sum' }).first().click();
    await page.waitForSelector('#explain[data-outcome="P"]');
    assert.equal(new URL(page.url()).searchParams.get('code'), '4!.0');
    // The same position in misère play: its outcome from an exhaustive misère search.
    await open(page, '/learn/nim-sum?code=4!.0&heaps=7.5.10', '#explain');
    await page.click('#misere-link');
    await page.waitForSelector('#position-genus p[data-outcome]', { timeout: 60_000 });
    assert.equal(await page.locator('#position-genus p').getAttribute('data-outcome'), misereWins('grundy', [7, 5, 10]) ? 'N' : 'P');
    await open(page, '/learn/nim-sum?code=0.137&heaps=5.7.9', '#explain');
    await screenshot(page, 'learn-nim-sum');
    noProblems(page);
    await page.close();
});

test('sequence view: values, the proven period with its bound, exceptions, zoom and pan', async () => {
    const page = await openPage(app.context);
    await open(page, '/learn/sequence?code=0.137&to=300', '#period');
    const values = (await page.locator('#sequence-values').textContent()).trim().split(' ').map(Number);
    assert.deepEqual(values, dots.slice(0, 301));
    const period = page.locator('#period');
    assert.equal(await period.getAttribute('data-period'), '34');
    assert.equal(await period.getAttribute('data-preperiod'), '52');
    assert.deepEqual((await period.getAttribute('data-exceptions')).split(',').map(Number), BLOG_EXCEPTIONS);
    // The bound: h·(n0 + p) + k + h = 2·86 + 3 + 2 values.
    assert.match(await period.textContent(), /checked the 177 values g\(0\) … g\(176\)/);
    // One period written out from n = 52 is the reference's string rotated.
    const pattern = await page.locator('#period-pattern').textContent();
    assert.equal(pattern, BLOG_PERIOD.slice(52 % 34) + BLOG_PERIOD.slice(0, 52 % 34));
    assert.equal(await page.locator('.sequence-plot .point.exception').count(), BLOG_EXCEPTIONS.length);
    await screenshot(page, 'learn-sequence-0.137');
    // Zoom and pan.
    assert.equal(await page.locator('#window').textContent(), 'heaps 0–300');
    await page.click('#zoom-in');
    await page.click('#zoom-in');
    const zoomed = await page.locator('#window').textContent();
    assert.notEqual(zoomed, 'heaps 0–300');
    const [lo, hi] = zoomed.match(/\d+/g).map(Number);
    assert.ok(hi - lo < 100, zoomed);
    await page.click('#pan-right');
    const [lo2] = (await page.locator('#window').textContent()).match(/\d+/g).map(Number);
    assert.ok(lo2 > lo, 'panned right');
    for (const circle of await page.locator('.sequence-plot .point').evaluateAll((els) => els.map((el) => [Number(el.dataset.n), Number(el.dataset.value)]))) {
        assert.equal(circle[1], dots[circle[0]], `point at ${circle[0]}`);
    }
    // Dragging to the left shows later heaps.
    const box = await page.locator('#sequence-plot').boundingBox();
    const [lo3] = (await page.locator('#window').textContent()).match(/\d+/g).map(Number);
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const [lo4] = (await page.locator('#window').textContent()).match(/\d+/g).map(Number);
    assert.ok(lo4 > lo3, `dragged: ${lo3} → ${lo4}`);
    await page.focus('#sequence-plot');
    await page.keyboard.press('Home');
    assert.equal(await page.locator('#window').textContent(), 'heaps 0–300');
    await page.click('#zoom-in');
    await screenshot(page, 'learn-sequence-zoomed');

    // A lesson link can open zoomed in; a bad view is refused with a message.
    await open(page, '/learn/sequence?code=0.137&to=300&view=40-130', '#period');
    await page.waitForFunction(() => document.querySelector('#window')?.textContent === 'heaps 40–130');
    assert.equal(await page.locator('.sequence-plot .point').count(), 91);
    await open(page, '/learn/sequence?code=0.137&to=300&view=x-3', '#period');
    assert.match(await page.locator('.sequence-page .error').textContent(), /not a range/);
    assert.equal(await page.locator('#window').textContent(), 'heaps 0–300');

    // Kayles: period 12, preperiod 71 (published).
    await open(page, '/learn/sequence?code=0.77&to=200', '#period');
    await page.waitForFunction(() => document.querySelector('#period')?.dataset.period === '12');
    assert.equal(await page.locator('#period').getAttribute('data-preperiod'), '71');
    const kv = (await page.locator('#sequence-values').textContent()).trim().split(' ').map(Number);
    assert.deepEqual(kv, kayles.slice(0, 201));

    // Grundy's game: values to 2000, rare values marked, no period claimed.
    await open(page, '/learn/sequence?code=4!.0&to=2000', '#period');
    await page.waitForFunction(() => document.querySelector('#sequence-values')?.textContent.trim().split(' ').length === 2001);
    const gv = (await page.locator('#sequence-values').textContent()).trim().split(' ').map(Number);
    assert.deepEqual(gv, grundy.slice(0, 2001));
    assert.equal(await page.locator('#period').getAttribute('data-period'), null);
    assert.match(await page.locator('#period').textContent(), /No period stated/);
    assert.ok(await page.locator('.sequence-plot .rare').count() > 0, 'rare values marked');
    await screenshot(page, 'learn-sequence-grundy');
    noProblems(page);
    await page.close();
});

test('sequence view: the shaded band is the period the words name (0.137: period 34 from n = 52)', async () => {
    // Published: the independence game 0.137 has period 34 (the reference's pattern) and preperiod 52
    // (its last exception is heap 51); checked here on the reference values too.
    const [P, N0] = [BLOG_PERIOD.length, 52];
    assert.equal(P, 34);
    assert.equal(Math.max(...BLOG_EXCEPTIONS) + 1, N0);
    for (let n = N0; n + P <= 300; n += 1) assert.equal(dots[n + P], dots[n], `g(${n + P}) = g(${n})`);
    assert.notEqual(dots[N0 - 1 + P], dots[N0 - 1]);
    const page = await openPage(app.context);
    /// The heaps whose points lie inside each shaded band, read from the drawing (x extents), and the
    /// heaps the band says it covers.
    const bandsOf = () => page.evaluate(() => {
        const points = [...document.querySelectorAll('.sequence-plot .point')]
            .map((c) => [Number(c.dataset.n), Number(c.getAttribute('cx'))]);
        return [...document.querySelectorAll('.sequence-plot .period-band')].map((band) => {
            const [x, w] = [Number(band.getAttribute('x')), Number(band.getAttribute('width'))];
            const inside = points.filter(([, cx]) => cx > x && cx < x + w).map(([n]) => n);
            return { first: Math.min(...inside), last: Math.max(...inside), count: inside.length,
                from: Number(band.dataset.from), to: Number(band.dataset.to) };
        });
    });
    await open(page, '/learn/sequence?code=0.137&to=300', '#period');
    const bands = await bandsOf();
    // Every other period from the preperiod on: 52–85, 120–153, 188–221, 256–289.
    assert.deepEqual(bands.map((b) => [b.first, b.last]), [0, 2, 4, 6].map((k) => [N0 + k * P, N0 + (k + 1) * P - 1]));
    for (const band of bands) {
        assert.equal(band.count, P);
        assert.deepEqual([band.from, band.to], [band.first, band.last]);
    }
    // The words name the first band, and the pattern written out is the values under it.
    assert.match(await page.locator('#period-shaded').textContent(), new RegExp(`^One period, n = ${bands[0].first} to ${bands[0].last} \\(shaded`));
    assert.equal(await page.locator('#period-pattern').textContent(), dots.slice(N0, N0 + P).join(''));
    await screenshot(page, 'learn-sequence-band');
    // Zoomed in past the first band, the bands still start on the preperiod's rhythm, cut at the window.
    await open(page, '/learn/sequence?code=0.137&to=300&view=90-200', '#period');
    await page.waitForFunction(() => document.querySelector('#window')?.textContent === 'heaps 90–200');
    assert.deepEqual((await bandsOf()).map((b) => [b.first, b.last]), [[120, 153], [188, 200]]);
    noProblems(page);
    await page.close();
});

test('P-positions: single heaps, irreducible pairs (listed and charted) and classes', async () => {
    const page = await openPage(app.context);
    await open(page, '/learn/p-positions?code=0.137&total=100&triples=24', '#single');
    const single = (await page.locator('#single').getAttribute('data-list')).split(',').map(Number);
    assert.deepEqual(single, BLOG_SINGLE);
    await open(page, '/learn/p-positions?code=0.137&total=47&triples=24', '#single');
    await page.waitForFunction(() => document.querySelector('#p-chart') && document.querySelector('.p-page h2')?.textContent.includes('47'));
    const pairs = (await page.locator('#pairs').getAttribute('data-list')).split(',');
    assert.deepEqual([...pairs].sort(), [...BLOG_PAIRS].sort());
    // Ordered by total tokens.
    const totals = pairs.map((p) => p.split('-').map(Number).reduce((a, b) => a + b));
    assert.deepEqual(totals, [...totals].sort((a, b) => a - b));
    assert.equal(await page.locator('#p-chart .p-point').count(), 2 * pairs.length);
    const classes = await page.locator('#classes tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.value), tr.dataset.heaps.split(',').map(Number)]));
    for (const [value, heaps] of classes) for (const h of heaps) assert.equal(dots[h], value, `class of ${h}`);
    assert.equal(classes.reduce((n, [, heaps]) => n + heaps.length, 0), 47);
    // Three heaps: irreducible iff all values non-zero and XOR 0, all distinct.
    const triples = (await page.locator('#triples').textContent()).match(/\(\d+,\d+,\d+\)/g) ?? [];
    const expected = [];
    for (let a = 1; a <= 24; a += 1) for (let b = a + 1; b <= 24; b += 1) for (let c = b + 1; a + b + c <= 24; c += 1) {
        if (dots[a] && dots[b] && dots[c] && (dots[a] ^ dots[b] ^ dots[c]) === 0) expected.push(`(${a},${b},${c})`);
    }
    assert.deepEqual([...triples].sort(), expected.sort());
    await screenshot(page, 'learn-p-positions');
    // Grundy's game.
    await open(page, '/learn/p-positions?code=4!.0&total=60&triples=0', '#single');
    await page.waitForFunction(() => document.querySelector('.p-page h2')?.textContent.includes('60'));
    const gSingle = (await page.locator('#single').getAttribute('data-list')).split(',').map(Number);
    assert.deepEqual(gSingle, grundy.slice(1, 61).flatMap((v, i) => (v === 0 ? [i + 1] : [])));
    noProblems(page);
    await page.close();
});

test('misère view: genera from the definition, tameness, the two-heap outcome table', async () => {
    const page = await openPage(app.context);
    for (const [code, game, to, table] of [['0.137', 'dots', 14, 9], ['4!.0', 'grundy', 14, 8]]) {
        await open(page, `/learn/misere?code=${encodeURIComponent(code)}&to=${to}&table=${table}&heaps=3.5`, '#genus-table');
        const rows = await page.locator('#genus-table tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.heap), tr.querySelector('.genus')?.dataset.genus, tr.dataset.outcome]));
        assert.equal(rows.length, to + 1);
        const memo = new Map();
        const values = game === 'dots' ? dots : grundy;
        for (const [heap, genus, outcome] of rows) {
            const [normal, misere] = genus.split('^');
            assert.equal(Number(normal), values[heap], `${code}: normal value of ${heap}`);
            const seq = misere.split(',').map(Number);
            // γk for k = 0..5, the last two stored values repeating.
            const gamma = (k) => (k < seq.length ? seq[k] : seq.length === 1 ? seq[0] : seq[seq.length - 2 + ((k - seq.length) % 2)]);
            for (let k = 0; k <= 5; k += 1) assert.equal(gamma(k), misereValue(game, [heap], k, 0, memo), `${code}: γ${k} of heap ${heap}`);
            assert.equal(outcome, misereWins(game, [heap]) ? 'N' : 'P', `${code}: misère outcome of ${heap}`);
        }
        const cells = await page.locator('#outcome-grid td.cell').evaluateAll((tds) => tds.map((td) => [Number(td.dataset.a), Number(td.dataset.b), td.dataset.outcome]));
        assert.equal(cells.length, (table + 1) ** 2);
        const wins = new Map();
        for (const [a, b, outcome] of cells) assert.equal(outcome, misereWins(game, [a, b], wins) ? 'N' : 'P', `${code}: misère (${a}, ${b})`);
        const position = await page.locator('#position-genus p').getAttribute('data-outcome');
        assert.equal(position, misereWins(game, [3, 5]) ? 'N' : 'P');
    }
    await open(page, '/learn/misere?code=0.137&to=20&table=10&heaps=3.5', '#genus-table');
    await screenshot(page, 'learn-misere');
    noProblems(page);
    await page.close();
});

test('CSV export is a Blob download whose rows match the table', async () => {
    const page = await openPage(app.context);
    await open(page, '/learn/mex?code=0.137&from=0&to=12', '#mex-table');
    const link = page.locator('.csv-link');
    assert.match(await link.getAttribute('href'), /^blob:/);
    assert.match(await link.getAttribute('download'), /\.csv$/);
    // The CSP keeps fetch() to this origin, so read the file the browser downloads.
    const download = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
    assert.match(download.suggestedFilename(), /^mex-0\.137\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    const lines = text.trim().split('\r\n');
    assert.equal(lines[0], 'heap,options,option values,value (mex)');
    assert.equal(lines.length, 14);
    lines.slice(1).forEach((line, n) => assert.equal(Number(line.split(',').at(-1)), BLOG_TABLE[n], `CSV row ${n}`));
    noProblems(page);
    await page.close();
});

test('bad links and input get clear messages, never a broken page', async () => {
    const page = await openPage(app.context);
    const cases = [
        ['/learn/mex?code=0.9z&to=5', /not a game code/],
        ['/learn/mex?code=0.137&from=0&to=999999', /too large/],
        ['/learn/mex?code=0.137&from=10&to=5', /empty|after/],
        ['/learn/mex?code=0.137&from=0&to=-3', /not a whole number/],
        ['/learn/nim-sum?code=0.137&heaps=abc', /not a heap size/],
        ['/learn/nim-sum?code=0.137&heaps=', /at least one heap/],
        ['/learn/sequence?code=0.137&to=99999999', /too large|too far/],
        ['/learn/p-positions?code=0.137&total=100000', /too large/],
        ['/learn/misere?code=0.137&to=500', /too large/],
        ['/learn/misere?code=0.137&to=10&heaps=3.999', /too large/],
    ];
    for (const [path, message] of cases) {
        await page.goto(`${app.url}${path}`);
        await page.waitForSelector('#learn-error', { timeout: 30_000 });
        assert.match(await page.locator('#learn-error').textContent(), message, path);
    }
    await screenshot(page, 'learn-bad-input');
    // The form puts the question in the URL.
    await page.goto(`${app.url}/learn/nim-sum?code=0.137&heaps=5.7.9`);
    await page.waitForSelector('#explain');
    await page.fill('#learn-code', '4!.0');
    await page.fill('#learn-heaps', '7 5 10');
    await page.click('#learn-submit');
    await page.waitForFunction(() => document.querySelector('#nim-table caption')?.textContent.includes('(7, 5, 10)'));
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('code'), '4!.0');
    assert.equal(Number(await page.locator('#nim-sum').getAttribute('data-value')), xor(grundy, [7, 5, 10]));
    noProblems(page);
    await page.close();
});

test('lessons open their views; classroom mode persists; dark mode', async () => {
    const page = await openPage(app.context);
    await page.goto(`${app.url}/learn`);
    await page.locator('#lessons a').first().waitFor();
    // The lessons' views (each lesson's challenge link opens a game page: see challenge.test.mjs).
    const links = await page.locator('#lessons a:not(.challenge-link)').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.length >= 8);
    for (const href of links) {
        await open(page, href, '.learn-table, #period, #explain');
    }
    await page.goto(`${app.url}/learn`);
    await page.click('nav >> text=Learn');
    await screenshot(page, 'learn-lessons');
    // Classroom mode: on, kept after a reload, off again.
    await page.click('#classroom-toggle');
    assert.equal(await page.locator('html').getAttribute('data-classroom'), 'on');
    await page.waitForTimeout(300);
    await open(page, '/learn/nim-sum?code=0.137&heaps=50', '#explain');
    await page.waitForFunction(() => document.documentElement.dataset.classroom === 'on');
    const size = await page.evaluate(() => getComputedStyle(document.body).fontSize);
    assert.equal(size, '24px');
    await screenshot(page, 'learn-classroom');
    await page.click('#theme-toggle');
    await page.waitForTimeout(200);
    await screenshot(page, 'learn-classroom-dark');
    await page.click('#classroom-toggle');
    assert.equal(await page.locator('html').getAttribute('data-classroom'), null);
    await open(page, '/learn/sequence?code=0.137&to=300', '#period');
    await screenshot(page, 'learn-sequence-dark');
    await open(page, '/learn/misere?code=0.137&to=20&table=10&heaps=3.5', '#genus-table');
    await screenshot(page, 'learn-misere-dark');
    await open(page, '/learn/mex?code=0.137&from=0&to=12', '#mex-table');
    await page.locator('#mex-table tr[data-heap="9"] .opt[data-pieces="1,5"]').hover();
    await screenshot(page, 'learn-mex-dark');
    await page.click('#theme-toggle');
    noProblems(page);
    await page.close();
});

test('the views fit a narrow screen (tables scroll inside themselves)', async () => {
    const page = await openPage(app.context);
    await page.setViewportSize({ width: 420, height: 900 });
    for (const [path, ready, name] of [
        ['/learn/mex?code=0.137&from=0&to=12', '#mex-table', 'mex'],
        ['/learn/nim-sum?code=0.137&heaps=50.13.9', '#explain', 'nim-sum'],
        ['/learn/sequence?code=0.137&to=300', '#period', 'sequence'],
        ['/learn/p-positions?code=0.137&total=47', '#p-chart', 'p-positions'],
        ['/learn/misere?code=0.137&to=12&table=10', '#outcome-grid', 'misere'],
    ]) {
        await open(page, path, ready);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 420, `${name}: no horizontal scrolling (page is ${width}px wide)`);
        if (name === 'mex' || name === 'misere') await screenshot(page, `learn-narrow-${name}`);
    }
    noProblems(page);
    await page.close();
});
