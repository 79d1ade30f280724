//! The form above each view: the game code (with the usual games offered) and the view's own fields. On
//! submit the view's URL changes, so the question is in the address bar and back/forward step through them.

use sprague_engine::games::heap::NAMED_GAMES;
use std::collections::HashMap;
use web_sys::HtmlInputElement;
use yew::prelude::*;
use yew_router::prelude::*;

#[derive(Clone, PartialEq)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub value: String,
    pub hint: &'static str,
}

#[derive(Properties, PartialEq)]
pub struct LearnFormProps {
    pub route: crate::route::Route,
    /// The fields, the code first.
    pub fields: Vec<Field>,
    pub busy: bool,
    #[prop_or("Show".into())]
    pub submit: AttrValue,
}

#[function_component(LearnForm)]
pub fn learn_form(props: &LearnFormProps) -> Html {
    let navigator = use_navigator();
    let initial: HashMap<&'static str, String> = props
        .fields
        .iter()
        .map(|f| (f.key, f.value.clone()))
        .collect();
    let values = use_state(|| initial.clone());
    {
        let values = values.clone();
        use_effect_with(props.fields.clone(), move |_| values.set(initial));
    }
    let onsubmit = {
        let (values, route, fields) = (values.clone(), props.route.clone(), props.fields.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let pairs: Vec<(String, String)> = fields
                .iter()
                .map(|f| {
                    let value = values.get(f.key).cloned().unwrap_or_default();
                    (f.key.to_string(), value.trim().to_string())
                })
                .collect();
            if let Some(navigator) = &navigator {
                let _ = navigator.push_with_query(&route, &pairs);
            }
        })
    };
    let input = |field: &Field| {
        let oninput = {
            let (values, key) = (values.clone(), field.key);
            Callback::from(move |event: InputEvent| {
                let input: HtmlInputElement = event.target_unchecked_into();
                let mut next = (*values).clone();
                next.insert(key, input.value());
                values.set(next);
            })
        };
        let id = format!("learn-{}", field.key);
        let list = (field.key == "code").then_some("learn-codes");
        html! {
            <label class="learn-field" for={id.clone()}>
                <span>{ field.label }</span>
                <input id={id} name={field.key} autocomplete="off" spellcheck="false"
                       list={list} placeholder={field.hint}
                       value={values.get(field.key).cloned().unwrap_or_default()} {oninput} />
            </label>
        }
    };
    html! {
        <form class="learn-form" {onsubmit}>
            { for props.fields.iter().map(input) }
            <datalist id="learn-codes">
                { for NAMED_GAMES.iter().map(|game| html! { <option value={game.code}>{ game.title }</option> }) }
            </datalist>
            <button id="learn-submit" type="submit" disabled={props.busy}>{ props.submit.clone() }</button>
        </form>
    }
}

/// The code field.
pub fn code_field(code: &str) -> Field {
    Field {
        key: "code",
        label: "Game code",
        value: code.to_string(),
        hint: "0.137",
    }
}
