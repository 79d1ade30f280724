//! A "Download CSV" link for a table: the text is made into a Blob whose object URL the link points at
//! (no inline script, nothing sent anywhere); the URL is revoked when the table changes or goes away.

use gloo::file::{Blob, ObjectUrl};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CsvLinkProps {
    pub filename: AttrValue,
    /// Rows of cells; the first is the header.
    pub rows: Vec<Vec<String>>,
    #[prop_or("Download CSV".into())]
    pub label: AttrValue,
}

/// The CSV text of rows (cells quoted when they hold a comma, quote or line break).
pub fn csv_text(rows: &[Vec<String>]) -> String {
    let cell = |text: &String| {
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.clone()
        }
    };
    rows.iter()
        .map(|row| row.iter().map(cell).collect::<Vec<_>>().join(","))
        .map(|line| line + "\r\n")
        .collect()
}

#[function_component(CsvLink)]
pub fn csv_link(props: &CsvLinkProps) -> Html {
    let url = use_memo(props.rows.clone(), |rows| {
        ObjectUrl::from(Blob::new_with_options(
            csv_text(rows).as_str(),
            Some("text/csv"),
        ))
    });
    html! {
        <a class="csv-link button-like" href={url.to_string()} download={props.filename.clone()}>{ props.label.clone() }</a>
    }
}
