//! A quotient's presentation in generator words: each generator gets a letter (`a`, `b`, …), each element
//! its least word (fewest letters, then most of the earlier letters), and the relations are the rewriting
//! rules `w·g = w'` for the least words `w·g` that are not least themselves (e.g. `a^2 = 1`, `b^3 = b`).
//!
//! The order on words (degree, then exponents compared letter by letter) is a monomial order: it is kept
//! by multiplication. Hence every divisor of a least word is least, each element's least word is some
//! element's least word times one letter (found layer by layer), and the rules whose left sides are
//! minimal (contain no other left side) rewrite every word to the least word of its element: they are a
//! complete presentation.

/// An element as the exponents of each generator.
pub(crate) type Exponents = Vec<u32>;

/// Name of generator `i`: `a`..`z`, then `g27`, `g28`, ….
pub(crate) fn letter(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

/// `a^2 b` for exponents [2, 1]; `1` for none.
pub(crate) fn spell(exponents: &[u32]) -> String {
    let parts: Vec<String> = exponents
        .iter()
        .enumerate()
        .filter(|(_, &k)| k > 0)
        .map(|(i, &k)| match k {
            1 => letter(i),
            _ => format!("{}^{k}", letter(i)),
        })
        .collect();
    if parts.is_empty() {
        "1".into()
    } else {
        parts.join(" ")
    }
}

/// Whether `u` comes before `v` among words of one degree: more of the earlier letters first.
fn earlier(u: &[u32], v: &[u32]) -> bool {
    u.iter()
        .zip(v)
        .find(|(a, b)| a != b)
        .is_some_and(|(a, b)| a > b)
}

/// The least word of every element reachable from the identity (element 0) by the generators, where
/// `times(e, g)` is element `e` times generator `g`; `None` for elements the generators do not reach.
pub(crate) fn least_words(
    len: usize,
    generators: usize,
    times: impl Fn(u32, usize) -> u32,
) -> Vec<Option<Exponents>> {
    let mut words: Vec<Option<Exponents>> = vec![None; len];
    words[0] = Some(vec![0; generators]);
    let mut layer = vec![0u32];
    while !layer.is_empty() {
        let mut best: std::collections::BTreeMap<u32, Exponents> = Default::default();
        for &e in &layer {
            let base = words[e as usize].clone().expect("a word");
            for g in 0..generators {
                let x = times(e, g);
                if words[x as usize].is_some() {
                    continue;
                }
                let mut w = base.clone();
                w[g] += 1;
                match best.get(&x) {
                    Some(old) if !earlier(&w, old) => {}
                    _ => {
                        best.insert(x, w);
                    }
                }
            }
        }
        layer = best.keys().copied().collect();
        for (x, w) in best {
            words[x as usize] = Some(w);
        }
    }
    words
}

/// The minimal rewriting rules `left = right` (exponent vectors) of the presentation.
pub(crate) fn relations(
    words: &[Option<Exponents>],
    generators: usize,
    times: impl Fn(u32, usize) -> u32,
) -> Vec<(Exponents, Exponents)> {
    let mut rules: Vec<(Exponents, Exponents)> = Vec::new();
    for (e, w) in words.iter().enumerate() {
        let Some(w) = w else { continue };
        for g in 0..generators {
            let x = times(e as u32, g) as usize;
            let mut left = w.clone();
            left[g] += 1;
            let right = words[x]
                .clone()
                .expect("products of reachable elements are reachable");
            if left != right {
                rules.push((left, right));
            }
        }
    }
    let degree = |w: &Exponents| w.iter().sum::<u32>();
    rules.sort_by(|a, b| degree(&a.0).cmp(&degree(&b.0)).then_with(|| b.0.cmp(&a.0)));
    rules.dedup();
    let mut kept: Vec<(Exponents, Exponents)> = Vec::new();
    for (left, right) in rules {
        let divides = |k: &Exponents| k.iter().zip(&left).all(|(a, b)| a <= b);
        if !kept.iter().any(|(k, _)| divides(k)) {
            kept.push((left, right));
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The monoid {1, a, a^2, a^3} with a^4 = a^2, as a table.
    fn cyclic(e: u32, _g: usize) -> u32 {
        if e == 3 {
            2
        } else {
            e + 1
        }
    }

    #[test]
    fn cyclic_monoid_has_one_relation() {
        let words = least_words(4, 1, cyclic);
        assert_eq!(words[3], Some(vec![3]));
        let rules = relations(&words, 1, cyclic);
        assert_eq!(rules, vec![(vec![4], vec![2])]);
        assert_eq!(spell(&rules[0].0), "a^4");
    }

    #[test]
    fn klein_group_relations() {
        // Z2 x Z2 with elements numbered 2*b + a.
        let times = |e: u32, g: usize| e ^ (1 << g);
        let words = least_words(4, 2, times);
        let rules = relations(&words, 2, times);
        let text: Vec<String> = rules
            .iter()
            .map(|(l, r)| format!("{} = {}", spell(l), spell(r)))
            .collect();
        assert_eq!(text, vec!["a^2 = 1", "b^2 = 1"]);
    }
}
