//! Any text given as a graph (`5:0-1,1-2`, the CLI's `--edges` and the app's edge text) or as a preset
//! name (`grid:3x4`): reading never panics, and a graph that reads prints to text that reads back to the
//! same graph.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_engine::games::graph::Graph;

fuzz_target!(|text: &str| {
    let parsed = text.parse::<Graph>().ok();
    let preset = Graph::preset(text).ok();
    for graph in parsed.into_iter().chain(preset) {
        let printed = graph.to_string();
        let again: Graph = printed.parse().unwrap_or_else(|error| {
            panic!("{printed:?} (read from {text:?}) does not read: {error}")
        });
        assert_eq!(again, graph, "{text:?} printed as {printed:?}");
    }
});
