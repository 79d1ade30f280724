//! Small helpers for the sentences the pages show.

/// `text` with its first letter in upper case, to begin a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
