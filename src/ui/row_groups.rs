//! Laying out a row (of dots or pins) with each run that is still in play grouped and labelled with its
//! length: the heaps made visible.

use sprague_engine::games::heap::DotComponent;
use yew::prelude::*;

/// The row's items, left to right: `item(i)` for each place, runs wrapped in a labelled group.
pub fn grouped(len: usize, runs: &[DotComponent], item: impl Fn(usize) -> Html) -> Vec<Html> {
    let mut items = Vec::new();
    let mut index = 0;
    let mut next = runs.iter().peekable();
    while index < len {
        match next.peek() {
            Some(run) if run.start == index => {
                items.push(html! {
                    <span class="run" data-heap={run.len.to_string()}>
                        <span class="run-dots">{ for (run.start..run.start + run.len).map(&item) }</span>
                        <span class="run-size">{ run.len }</span>
                    </span>
                });
                index += run.len;
                next.next();
            }
            _ => {
                items.push(item(index));
                index += 1;
            }
        }
    }
    items
}
