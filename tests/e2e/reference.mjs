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
