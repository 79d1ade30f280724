// Independent reference values for the end-to-end tests: plain mex computations written here, sharing
// no code with the Rust engine.

function mex(values) {
    let m = 0;
    while (values.has(m)) m += 1;
    return m;
}

/// Grundy's game: split a pile into two non-empty piles of different sizes.
export function grundyValues(max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let a = 1; 2 * a < n; a += 1) options.add(g[a] ^ g[n - a]);
        g.push(mex(options));
    }
    return g;
}

/// The independence game on a row of n dots: marking dot i removes dots i-1, i, i+1.
export function dotRowValues(max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let i = 0; i < n; i += 1) {
            const left = Math.max(i - 1, 0);
            const right = Math.max(n - i - 2, 0);
            options.add(g[left] ^ g[right]);
        }
        g.push(mex(options));
    }
    return g;
}

/// Moves of one heap as lists of the heaps left, for the two board games.
function heapOptions(game, n) {
    const out = [];
    if (game === 'grundy') {
        for (let a = 1; 2 * a < n; a += 1) out.push([a, n - a]);
    } else {
        for (let i = 0; i < n; i += 1) out.push([Math.max(i - 1, 0), Math.max(n - i - 2, 0)].filter((p) => p > 0));
    }
    return out;
}

/// Misère play by plain search over sorted lists of heaps: true when the player to move wins. The player
/// who cannot move wins.
export function misereWins(game, heaps, memo = new Map()) {
    const list = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = list.join(',');
    if (memo.has(key)) return memo.get(key);
    let anyMove = false;
    let wins = false;
    search: for (let i = 0; i < list.length; i += 1) {
        for (const pieces of heapOptions(game, list[i])) {
            anyMove = true;
            if (!misereWins(game, [...list.slice(0, i), ...pieces, ...list.slice(i + 1)], memo)) {
                wins = true;
                break search;
            }
        }
    }
    const result = anyMove ? wins : true;
    memo.set(key, result);
    return result;
}

/// The options of a heap of a finite octal game `0.d1d2…` (digit k: bit 1 take all k, bit 2 leave one heap,
/// bit 4 leave two heaps), as lists of the heaps left; read from the definition of octal codes.
export function octalOptions(code, n) {
    const digits = code.split('.')[1].split('').map(Number);
    const out = [];
    digits.forEach((d, i) => {
        const k = i + 1;
        const rest = n - k;
        if (rest < 0) return;
        if (rest === 0 && d & 1) out.push([]);
        if (rest >= 1 && d & 2) out.push([rest]);
        if (rest >= 2 && d & 4) for (let a = 1; 2 * a <= rest; a += 1) out.push([a, rest - a]);
    });
    return out;
}

/// Nim values of a finite octal game by plain mex.
export function octalValues(code, max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const seen = new Set(octalOptions(code, n).map((pieces) => pieces.reduce((x, p) => x ^ g[p], 0)));
        g.push(mex(seen));
    }
    return g;
}

/// Options of a heap for the games used in the teaching tests.
export function optionsOf(game, n) {
    if (game === 'grundy') {
        const out = [];
        for (let a = 1; 2 * a < n; a += 1) out.push([a, n - a]);
        return out;
    }
    return octalOptions(game === 'dots' ? '0.137' : game, n);
}

/// Misère Grundy values straight from the definition (1 with no move, else the mex of the options'), for a
/// position made of game heaps plus `twos` nim heaps of 2 and `ones` of 1. Conway's genus γk of a position is
/// this value for the position plus k heaps of 2.
export function misereValue(game, heaps, twos = 0, ones = 0, memo = new Map()) {
    const list = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = `${list.join(',')}|${twos}|${ones}`;
    if (memo.has(key)) return memo.get(key);
    const seen = new Set();
    list.forEach((h, i) => {
        if (i > 0 && list[i - 1] === h) return;
        for (const pieces of optionsOf(game, h)) {
            seen.add(misereValue(game, [...list.slice(0, i), ...pieces, ...list.slice(i + 1)], twos, ones, memo));
        }
    });
    if (twos > 0) {
        seen.add(misereValue(game, list, twos - 1, ones + 1, memo));
        seen.add(misereValue(game, list, twos - 1, ones, memo));
    }
    if (ones > 0) seen.add(misereValue(game, list, twos, ones - 1, memo));
    const value = seen.size === 0 ? 1 : mex(seen);
    memo.set(key, value);
    return value;
}
/// An octal game played on a row: `digits[k]` (k ≥ 1) says whether k adjacent pins may be knocked down
/// as a whole row (bit 1), from an end of a longer row (bit 2) or from inside it (bit 4).
export function rowValues(digits, max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let k = 1; k < digits.length && k <= n; k += 1) {
            for (let left = 0; left + k <= n; left += 1) {
                const right = n - left - k;
                const heaps = (left > 0) + (right > 0);
                if (digits[k] & (1 << heaps)) options.add(g[left] ^ g[right]);
            }
        }
        g.push(mex(options));
    }
    return g;
}
