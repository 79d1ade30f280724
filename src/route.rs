//! URL <-> state: every page has a path; a heap page keeps its game in the query (`/grundy?piles=7.5&m=1-2`,
//! see `play::game`) and the heap whose value is asked (`?heap=100`), so a shared link reopens the same.

use crate::query;
use yew_router::Routable;

#[derive(Clone, Debug, PartialEq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/sprouts")]
    Sprouts,
    #[at("/dots")]
    Dots,
    #[at("/grundy")]
    Grundy,
    #[at("/nim")]
    Nim,
    #[at("/graph")]
    Graph,
    #[at("/bases")]
    Bases,
    #[at("/learn")]
    Learn,
    #[at("/learn/mex")]
    LearnMex,
    #[at("/learn/nim-sum")]
    LearnNimSum,
    #[at("/learn/sequence")]
    LearnSequence,
    #[at("/learn/p-positions")]
    LearnPPositions,
    #[at("/learn/misere")]
    LearnMisere,
    #[at("/learn/sprouts")]
    LearnSprouts,
    #[at("/learn/proof")]
    LearnProof,
    #[not_found]
    #[at("/404")]
    NotFound,
}

/// A query's pairs with every pair whose key is in `keys` dropped and `added` appended: for a part of a page
/// that owns some keys of the URL and must keep the others.
pub fn replace_keys(
    current: Vec<(String, String)>,
    keys: &[&str],
    added: Vec<(String, String)>,
) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = current
        .into_iter()
        .filter(|(key, _)| !keys.contains(&key.as_str()))
        .collect();
    pairs.extend(added);
    pairs
}

/// The page's query as it is now, without the `?`.
pub fn current_query() -> String {
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    search.strip_prefix('?').unwrap_or(&search).to_string()
}

/// The current URL's query pairs, decoded (`%2F` is `/`, `+` a space): the form the router writes them
/// back in, so that a value another module keeps (a challenge's worksheet) is not encoded twice.
pub fn current_pairs() -> Vec<(String, String)> {
    query::read(&current_query())
}

/// The keys of `query` that are not in `known`, each quoted short, for a page to say it ignored them.
pub fn ignored_keys(query: &str, known: &[&str]) -> Vec<String> {
    let mut ignored: Vec<String> = Vec::new();
    for (key, _) in query::read(query) {
        let short: String = key.chars().take(16).collect();
        if !known.contains(&key.as_str()) && !ignored.contains(&short) {
            ignored.push(short);
        }
    }
    ignored
}

/// The note a page shows for the keys of its link it did not use.
pub fn ignored_note(ignored: &[String]) -> Option<String> {
    (!ignored.is_empty()).then(|| {
        let quoted: Vec<String> = ignored.iter().map(|k| format!("“{k}”")).collect();
        format!(
            "This page does not use {} in its link; {} ignored.",
            quoted.join(", "),
            if ignored.len() == 1 {
                "it is"
            } else {
                "they are"
            }
        )
    })
}

/// The longest heap-size text accepted from a URL or the form (longer is refused, not parsed).
const MAX_SIZE_TEXT: usize = 12;

/// Reads the size of the heap whose value is asked from the URL's query, e.g. `?heap=100`. `Ok(None)`
/// when absent.
pub fn heap_size_from_query(query: &str) -> Result<Option<u64>, String> {
    query::value(&query::read(query), "heap")
        .map(parse_heap_size)
        .transpose()
}

/// Parses a heap size typed by a person or found in a URL, with an error that says what is wrong.
pub fn parse_heap_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("enter a heap size: a whole number such as 12".into());
    }
    if text.len() > MAX_SIZE_TEXT || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        let shown: String = text.chars().take(MAX_SIZE_TEXT).collect();
        let ellipsis = if text.chars().count() > MAX_SIZE_TEXT {
            "…"
        } else {
            ""
        };
        return Err(format!(
            "“{shown}{ellipsis}” is not a heap size: use a whole number such as 12"
        ));
    }
    text.parse()
        .map_err(|_| format!("“{text}” is not a heap size: use a whole number such as 12"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn reads_sizes_and_refuses_junk() {
        assert_eq!(heap_size_from_query("?heap=100"), Ok(Some(100)));
        assert_eq!(heap_size_from_query("?x=1&heap=7"), Ok(Some(7)));
        assert_eq!(heap_size_from_query("?n=7"), Ok(None));
        assert!(heap_size_from_query("?heap=-1").is_err());
        assert!(heap_size_from_query("?heap=<script>").is_err());
        assert!(heap_size_from_query("?heap=99999999999999999999").is_err());
        assert!(parse_heap_size("").is_err());
        assert_eq!(parse_heap_size(" 42 "), Ok(42));
    }

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn unknown_keys_are_named_once() {
        assert_eq!(ignored_keys("?n=7&pos=3&pos=4&x", &["n"]), vec!["pos", "x"]);
        assert_eq!(ignored_keys("n=7", &["n"]), Vec::<String>::new());
        assert!(ignored_note(&["pos".into()]).unwrap().contains("“pos”"));
        assert_eq!(ignored_note(&[]), None);
    }
}
