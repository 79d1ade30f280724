//! "Save picture": the Sprouts board as the player sees it (theme, last move, hint) as a standalone SVG
//! file, for worksheets and slides. The page's styles live in its stylesheet, so each element's computed
//! presentation is written onto the copy as attributes; what is only being drawn (a draft curve, a
//! preview) is left out.

use super::download::download;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

/// The presentation properties a copy needs to look the same without the page's stylesheet.
const PRESENTATION: [&str; 11] = [
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "opacity",
    "font-size",
    "font-weight",
    "font-family",
    "r",
];

/// Elements only shown while drawing, not part of the picture.
const TRANSIENT: &str = ".draft, .preview";

#[derive(Properties, PartialEq)]
pub struct SavePictureProps {
    /// Selector of the `<svg>` to save.
    pub target: AttrValue,
    /// The file's name, `.svg` included.
    pub file_name: AttrValue,
}

#[function_component(SavePicture)]
pub fn save_picture(props: &SavePictureProps) -> Html {
    let failed = use_state(|| false);
    let onclick = {
        let (target, file_name, failed) = (
            props.target.clone(),
            props.file_name.clone(),
            failed.clone(),
        );
        Callback::from(move |_| match standalone_svg(&target) {
            Some(svg) => {
                download(&file_name, "image/svg+xml", svg.as_bytes());
                failed.set(false);
            }
            None => failed.set(true),
        })
    };
    html! {
        <button id="save-picture" type="button" {onclick} title="Download the drawing as an SVG picture">
            { if *failed { "No picture to save" } else { "Save picture" } }
        </button>
    }
}

/// The `<svg>` matching `target`, copied with its computed presentation written as attributes, as
/// the text of an SVG file.
fn standalone_svg(target: &str) -> Option<String> {
    let window = gloo::utils::window();
    let original = gloo::utils::document().query_selector(target).ok()??;
    let copy: Element = original.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    let originals = original.query_selector_all("*").ok()?;
    let copies = copy.query_selector_all("*").ok()?;
    for i in 0..originals.length().min(copies.length()) {
        let (Some(from), Some(to)) = (originals.get(i), copies.get(i)) else {
            continue;
        };
        let (Ok(from), Ok(to)) = (from.dyn_into::<Element>(), to.dyn_into::<Element>()) else {
            continue;
        };
        let Ok(Some(style)) = window.get_computed_style(&from) else {
            continue;
        };
        for property in PRESENTATION {
            let value = style.get_property_value(property).unwrap_or_default();
            let applies = property != "r" || to.local_name() == "circle";
            if applies && !value.is_empty() {
                let _ = to.set_attribute(property, value.trim_end_matches("px"));
            }
        }
    }
    if let Ok(transient) = copy.query_selector_all(TRANSIENT) {
        for i in 0..transient.length() {
            if let Some(node) = transient.get(i) {
                if let Some(parent) = node.parent_node() {
                    let _ = parent.remove_child(&node);
                }
            }
        }
    }
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    if let Some(view_box) = original.get_attribute("viewBox") {
        let size: Vec<&str> = view_box.split_whitespace().collect();
        if let [_, _, width, height] = size[..] {
            let _ = copy.set_attribute("width", width);
            let _ = copy.set_attribute("height", height);
        }
    }
    for attribute in ["class", "style", "role"] {
        let _ = copy.remove_attribute(attribute);
    }
    let text = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(&copy)
        .ok()?;
    Some(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}\n"
    ))
}
