// End-to-end: "Show values" on the Dots and Grundy boards, at the sizes a class uses. Every legal move is
// marked winning or losing with the moves then left, each checked against a remoteness brute force written
// in reference.mjs; mirror dots are both winning, and the hint names every winning dot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage, screenshot, SIZES, contextFor as contextIn } from './harness.mjs';
import { remotenessOf, optionsOf } from './reference.mjs';

const env = useServerAndBrowser();

const contextFor = (size) => contextIn(env.browser, size);

/// The position after marking dot `i` (0-based) of a row of `n`: the rows left of and right of its
/// neighbours.
const afterDot = (n, i) => [Math.max(i - 1, 0), Math.max(n - i - 2, 0)].filter((h) => h > 0);

test('Show values marks every dot and counter as the brute force values them, at every size', async () => {
    for (const size of SIZES) {
        const context = await contextFor(size);
        const page = await openPage(context);
        const name = `${size.width}x${size.height}`;

        // A row of 12: dot 4 and its mirror, dot 9, both win.
        await page.goto(env.url + '/dots?n=12');
        await page.locator('.dot').first().waitFor();
        await page.click('#show-values');
        await page.waitForFunction(() => document.querySelectorAll('.dot[data-after]').length === 12);
        const dots = await page.locator('.dot').evaluateAll((els) => els.map((el) => ({
            after: el.getAttribute('data-after'), remoteness: Number(el.getAttribute('data-remoteness')),
            wins: el.classList.contains('wins'), loses: el.classList.contains('loses'), text: el.textContent,
        })));
        dots.forEach((dot, i) => {
            const [wins, remoteness] = remotenessOf('dots', afterDot(12, i));
            assert.equal(dot.after, wins ? 'N' : 'P', `${name}: dot ${i + 1}`);
            assert.equal(dot.wins, !wins, `${name}: dot ${i + 1} is marked winning exactly when it leaves a lost row`);
            assert.equal(dot.loses, wins);
            assert.equal(dot.remoteness, remoteness, `${name}: dot ${i + 1}`);
            assert.equal(dot.text, String(remoteness));
        });
        assert.deepEqual(dots.map((d, i) => d.wins ? i + 1 : null).filter(Boolean), [4, 9]);
        assert.match(await page.locator('#values-key').textContent(), /Green moves win, red moves lose/);
        await screenshot(page, `values-dots-${name}`);
        // The hint counts the moves on the board, and names them.
        await page.click('#hint');
        await page.locator('#hint-verdict').waitFor();
        assert.match(await page.locator('#hint-verdict').textContent(), /\(2 winning moves in all: dot 4 and dot 9\)/);
        // The board is in view with its values.
        const box = await page.locator('.board').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= size.width + 1, `${name}: the board fits across`);

        // Grundy's game, piles 7 and 5: every legal split.
        await page.goto(env.url + '/grundy?piles=7.5');
        await page.locator('.counter').first().waitFor();
        await page.click('#show-values');
        await page.waitForFunction(() => document.querySelectorAll('.counter[data-after]').length > 0);
        const counters = await page.locator('.counter[data-after]').evaluateAll((els) => els.map((el) => ({
            pile: Number(el.getAttribute('data-pile')), top: Number(el.getAttribute('data-top')),
            after: el.getAttribute('data-after'), remoteness: Number(el.getAttribute('data-remoteness')),
            wins: el.classList.contains('wins'),
        })));
        const piles = [7, 5];
        const legal = piles.flatMap((p, i) => [...Array(p).keys()].map((k) => k + 1)
            .filter((top) => top < p && 2 * top !== p).map((top) => `${i + 1}-${top}`));
        assert.deepEqual(counters.map((c) => `${c.pile}-${c.top}`).sort(), legal.sort());
        for (const c of counters) {
            const rest = piles.filter((_, i) => i !== c.pile - 1);
            const [wins, remoteness] = remotenessOf('grundy', [...rest, c.top, piles[c.pile - 1] - c.top]);
            assert.equal(c.after, wins ? 'N' : 'P', `${name}: split ${c.pile}-${c.top}`);
            assert.equal(c.wins, !wins);
            assert.equal(c.remoteness, remoteness);
        }
        // Every option the rules give is a counter on the board.
        assert.equal(counters.length, piles.reduce((n, p) => n + 2 * optionsOf('grundy', p).length, 0));
        await screenshot(page, `values-grundy-${name}`);
        // Turned off, the marks go.
        await page.click('#show-values');
        await page.waitForFunction(() => document.querySelectorAll('[data-after]').length === 0);
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});

test('Show values marks every vertex of a graph as a brute force values it, normal and misère', async () => {
    // The graph: a 3×3 grid (vertex r*3 + c), then a path of 5 in misère play.
    const cases = [
        { url: '/graph?preset=grid_3x3', n: 9, edges: [[0, 1], [1, 2], [3, 4], [4, 5], [6, 7], [7, 8], [0, 3], [3, 6], [1, 4], [4, 7], [2, 5], [5, 8]], misere: false },
        { url: '/graph?preset=path_5&rules=misere', n: 5, edges: [[0, 1], [1, 2], [2, 3], [3, 4]], misere: true },
    ];
    for (const size of [SIZES[0], SIZES[2]]) {
        const context = await contextFor(size);
        const page = await openPage(context);
        for (const { url, n, edges, misere } of cases) {
            const closed = [...Array(n).keys()].map((v) => 1 << v);
            for (const [u, v] of edges) { closed[u] |= 1 << v; closed[v] |= 1 << u; }
            const memo = new Map();
            const value = (left) => {
                if (memo.has(left)) return memo.get(left);
                const children = [...Array(n).keys()].filter((v) => left >> v & 1).map((v) => value(left & ~closed[v]));
                const wins = children.filter(([w]) => !w).map(([, r]) => r);
                const result = children.length === 0 ? [misere, 0]
                    : wins.length ? [true, 1 + Math.min(...wins)] : [false, 1 + Math.max(...children.map(([, r]) => r))];
                memo.set(left, result);
                return result;
            };
            await page.goto(env.url + url);
            await page.locator('.graph-board .vertex').first().waitFor();
            await page.click('#show-values');
            await page.waitForFunction((n) => document.querySelectorAll('.graph-board .vertex[data-after]').length === n, n);
            const marks = await page.locator('.graph-board .vertex').evaluateAll((els) => els.map((el) => ({
                v: Number(el.getAttribute('data-vertex')), after: el.getAttribute('data-after'),
                remoteness: Number(el.getAttribute('data-remoteness')), wins: el.classList.contains('wins'),
            })));
            const full = (1 << n) - 1;
            for (const m of marks) {
                const [wins, remoteness] = value(full & ~closed[m.v]);
                assert.equal(m.after, wins ? 'N' : 'P', `${url}: vertex ${m.v}`);
                assert.equal(m.wins, !wins);
                assert.equal(m.remoteness, remoteness, `${url}: vertex ${m.v}`);
            }
            await screenshot(page, `values-graph-${misere ? 'misere' : 'normal'}-${size.width}x${size.height}`);
            await page.click('#show-values');
        }
        assert.deepEqual(page.problems, []);
        await context.close();
    }
});
