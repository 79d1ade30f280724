//! Reading the teaching views' links (`/learn/…`): the game code, whole numbers within a bound, heap
//! sizes and a range of heaps, each with the message shown when the link's value is refused. Pure
//! functions (no browser), so the fuzz target reads links exactly as the views do.

use crate::query::value as get;

/// The game a view opens with when its link names none.
pub const DEFAULT_CODE: &str = "0.137";
/// Longest text accepted for one URL value.
const MAX_VALUE_TEXT: usize = 200;
/// Most heaps typed in a position.
const MAX_TYPED_HEAPS: usize = 64;

/// A game code from the URL (default when absent); only its length is checked here, the worker parses it.
pub fn code_of(pairs: &[(String, String)]) -> Result<String, String> {
    let code = get(pairs, "code").unwrap_or(DEFAULT_CODE).trim();
    if code.is_empty() {
        return Err("enter a game code such as 0.137 or 4!.0".into());
    }
    if code.len() > 40 {
        return Err("that game code is too long (at most 40 characters)".into());
    }
    Ok(code.to_string())
}

/// A whole number from the URL or a form, with a default when absent, at most `max`.
pub fn number(
    pairs: &[(String, String)],
    key: &str,
    what: &str,
    default: u64,
    max: u64,
) -> Result<u64, String> {
    let Some(text) = get(pairs, key) else {
        return Ok(default);
    };
    let text = text.trim();
    if text.is_empty() {
        return Ok(default);
    }
    let shown: String = text.chars().take(16).collect();
    if text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{what}: “{shown}” is not a whole number such as 12"
        ));
    }
    let value: u64 = text
        .parse()
        .map_err(|_| format!("{what}: “{shown}” is not a whole number"))?;
    if value > max {
        return Err(format!("{what}: {value} is too large (at most {max})"));
    }
    Ok(value)
}

/// Heap sizes written `5.7.9` (or with commas or spaces).
pub fn parse_heaps(text: &str) -> Result<Vec<u64>, String> {
    let text = text.trim();
    if text.len() > MAX_VALUE_TEXT {
        return Err("the list of heaps is too long".into());
    }
    let heaps: Vec<&str> = text
        .split(|c: char| c == '.' || c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .collect();
    if heaps.len() > MAX_TYPED_HEAPS {
        return Err(format!("at most {MAX_TYPED_HEAPS} heaps"));
    }
    heaps
        .iter()
        .map(|part| {
            if part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
                let shown: String = part.chars().take(12).collect();
                Err(format!(
                    "“{shown}” is not a heap size: write sizes such as 5.7.9"
                ))
            } else {
                part.parse()
                    .map_err(|_| format!("“{part}” is not a heap size"))
            }
        })
        .collect()
}

/// Heap sizes written for a URL: `5.7.9`.
pub fn heaps_text(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// The sequence plot's view of heaps, written `40-130`: the first and last heap shown.
pub fn parse_view(text: &str) -> Result<(u64, u64), String> {
    let parsed = text.split_once('-').and_then(|(a, b)| {
        let ok = |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|c| c.is_ascii_digit());
        (ok(a) && ok(b)).then(|| (a.parse().ok(), b.parse().ok()))
    });
    match parsed {
        Some((Some(first), Some(last))) if first <= last => Ok((first, last)),
        _ => {
            let shown: String = text.chars().take(20).collect();
            Err(format!(
                "The link's view “{shown}” is not a range such as 40-130; showing every heap."
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_view_is_a_range_of_heaps_first_to_last() {
        assert_eq!(parse_view("40-130"), Ok((40, 130)));
        assert_eq!(parse_view("7-7"), Ok((7, 7)));
        for refused in [
            "130-40",
            "40",
            "-130",
            "40-",
            "4x-130",
            "1-1234567890",
            "40-130-200",
        ] {
            let error = parse_view(refused).unwrap_err();
            assert!(
                error.contains("not a range such as 40-130"),
                "{refused}: {error}"
            );
        }
    }
}
