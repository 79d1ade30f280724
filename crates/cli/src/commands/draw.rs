//! `sprague draw POS`: lay out a Sprouts position as a drawing and print it as SVG (or JSON).

use super::CommandResult;
use sprague_engine::draw::Drawing;

#[derive(clap::Args)]
pub struct DrawCommand {
    /// A Sprouts position in either GLOP notation (`0*3`, `0.AB|AB`, `0.0.0.}]!`)
    position: String,
    /// Print the drawing as an SVG picture (the default)
    #[arg(long, conflicts_with = "json")]
    svg: bool,
    /// Print the drawing (spots, curves) as JSON
    #[arg(long)]
    json: bool,
}

impl DrawCommand {
    pub fn run(self) -> CommandResult {
        let drawing = Drawing::layout_text(&self.position)?;
        if self.json {
            println!("{}", serde_json::to_string_pretty(&drawing)?);
        } else {
            print!("{}", drawing.to_svg());
        }
        Ok(())
    }
}
