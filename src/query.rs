//! Link queries (`?piles=3.4.5&m=1-2`), read and written in one place. The router writes a page's
//! pairs with `serde_urlencoded`, that is as an HTML form does (`%XX`, a space as `+`);
//! [`read`] is its inverse, on the same well-kept crate (`form_urlencoded`), so a value comes back
//! as it was written whatever it holds, and a link typed or mangled by hand is decoded the same way.

use std::borrow::Borrow;

/// The pairs of `query` (a leading `?` is optional), decoded, in their order. Bytes that do not
/// decode to UTF-8 become `�`; a pair without `=` has an empty value.
pub fn read(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

/// The query (without `?`) that [`read`] turns back into `pairs`.
pub fn write<I, K, V>(pairs: I) -> String
where
    I: IntoIterator,
    I::Item: Borrow<(K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

/// One value written for a query, so that [`read`] gives it back.
pub fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The value of the first pair whose key is `key`.
pub fn value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, value)| value.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;
    use web_sys::UrlSearchParams;

    /// The browser's own reader of queries, written independently of this module.
    fn browser_reads(query: &str) -> Vec<(String, String)> {
        let params = UrlSearchParams::new_with_str(query).unwrap();
        let mut pairs = Vec::new();
        for entry in js_sys::try_iter(&params).unwrap().unwrap() {
            let entry: js_sys::Array = entry.unwrap().into();
            pairs.push((
                entry.get(0).as_string().unwrap(),
                entry.get(1).as_string().unwrap(),
            ));
        }
        pairs
    }

    const QUERIES: [&str; 9] = [
        "?piles=3.4.5&m=1-2",
        "code=4%21.0&heaps=7.5.10&to=12",
        "g=6%3A0-1%2C1-2&preset=grid_4x4",
        "a+b=c+d&empty=&bare&&=x",
        "p=0*3.AB%7CAB%7D&sheet=%2Fdots%3Fn%3D9%26m%3D5",
        "bad=%zz%&half=%4&utf=%C3%A9t%C3%A9",
        "not-utf8=%FF%FE",
        "",
        "?",
    ];

    #[wasm_bindgen_test]
    fn reads_every_query_as_the_browser_does() {
        for query in QUERIES {
            assert_eq!(read(query), browser_reads(query), "{query}");
        }
    }

    #[wasm_bindgen_test]
    fn writes_as_the_browser_does_and_reads_back_what_it_wrote() {
        let pairs: Vec<(String, String)> = vec![
            ("piles".into(), "3.4.5".into()),
            ("g".into(), "6:0-1,1-2".into()),
            ("sheet".into(), "/dots?n=9&m=5 + é".into()),
            ("empty".into(), String::new()),
        ];
        let written = write(&pairs);
        let params = UrlSearchParams::new().unwrap();
        for (key, value) in &pairs {
            params.append(key, value);
        }
        assert_eq!(written, String::from(params.to_string()));
        assert_eq!(read(&written), pairs);
        assert_eq!(value(&pairs, "g"), Some("6:0-1,1-2"));
        assert_eq!(value(&pairs, "m"), None);
        let sheet = &pairs[2].1;
        assert_eq!(
            read(&format!("sheet={}", encode(sheet))),
            [("sheet".into(), sheet.clone())]
        );
    }
}
