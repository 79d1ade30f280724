//! A heap drawn as a row of tokens, and a move on it: the tokens removed crossed out, the heaps left
//! coloured in turn (for `0.137` this is the row of dots with the marked dot and its neighbours gone).
//! Drawing from the rules only: no value is computed here.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HeapPictureProps {
    pub heap: u64,
    /// The move: tokens removed and heaps left (empty for the heap alone).
    #[prop_or_default]
    pub removed: u64,
    #[prop_or_default]
    pub pieces: Vec<u64>,
}

/// Tokens drawn at most; a larger heap is drawn as a bar with counts.
const MAX_TOKENS: u64 = 60;

#[function_component(HeapPicture)]
pub fn heap_picture(props: &HeapPictureProps) -> Html {
    // Segments in order: the first piece, the removed tokens, the other pieces.
    let mut segments: Vec<(u64, &'static str)> = Vec::new();
    let mut pieces = props.pieces.iter();
    if props.removed == 0 && props.pieces.is_empty() {
        segments.push((props.heap, "token whole"));
    } else {
        if let Some(&first) = pieces.next() {
            segments.push((first, "token piece-0"));
        }
        if props.removed > 0 {
            segments.push((props.removed, "token removed"));
        }
        for (i, &piece) in pieces.enumerate() {
            segments.push((
                piece,
                if i % 2 == 0 {
                    "token piece-1"
                } else {
                    "token piece-2"
                },
            ));
        }
    }
    let total: u64 = segments.iter().map(|(n, _)| n).sum::<u64>().max(1);
    let gaps = segments.len().saturating_sub(1) as f64;
    let label = if props.pieces.is_empty() && props.removed == 0 {
        format!("a heap of {}", props.heap)
    } else {
        format!(
            "a heap of {}: {} removed, leaving {}",
            props.heap,
            props.removed,
            if props.pieces.is_empty() {
                "nothing".to_string()
            } else {
                props
                    .pieces
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            }
        )
    };
    if total <= MAX_TOKENS {
        let step = 18.0;
        let width = total as f64 * step + gaps * 10.0 + 4.0;
        let mut x = 2.0;
        let mut shapes = Vec::new();
        for (count, class) in &segments {
            for _ in 0..*count {
                let cx = x + step / 2.0;
                shapes.push(html! { <circle class={*class} cx={cx.to_string()} cy="12" r="7" /> });
                if *class == "token removed" {
                    shapes.push(html! { <line class="cross" x1={(cx - 6.0).to_string()} y1="6" x2={(cx + 6.0).to_string()} y2="18" /> });
                }
                x += step;
            }
            x += 10.0;
        }
        html! {
            <svg class="heap-picture" role="img" aria-label={label} viewBox={format!("0 0 {width} 24")}
                 width={width.to_string()} height="24">{ for shapes }</svg>
        }
    } else {
        let width = 480.0;
        let unit = (width - 4.0 - gaps * 6.0) / total as f64;
        let mut x = 2.0;
        let mut shapes = Vec::new();
        for (count, class) in &segments {
            let w = (*count as f64 * unit).max(2.0);
            shapes.push(html! { <rect class={*class} x={x.to_string()} y="4" width={w.to_string()} height="16" rx="3" /> });
            x += w + 6.0;
        }
        html! {
            <svg class="heap-picture" role="img" aria-label={label} viewBox={format!("0 0 {width} 24")}
                 width={width.to_string()} height="24">{ for shapes }</svg>
        }
    }
}
