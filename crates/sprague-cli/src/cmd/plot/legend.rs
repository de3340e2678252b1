//! The colour scale beside a heat map, drawn in pixels rather than as a
//! plotters chart: a bar of coloured bands, tick marks with labels to its
//! right (never over it), and a short title above it. Both heat maps —
//! Grundy values and win chances — use it.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A colour scale: what the bar shows, from its bottom (0) to its top (1).
pub struct Scale {
    /// Bands `(from, to, colour)`, `from` < `to` in 0..=1.
    pub bands: Vec<(f64, f64, RGBColor)>,
    /// Labels at positions in 0..=1 along the bar.
    pub ticks: Vec<(f64, String)>,
    /// What the colour means (`g`, `win chance`).
    pub title: String,
}

/// The bar's left and right edges, in pixels from the area's left.
const BAR: (i32, i32) = (14, 38);

/// Draws `scale` on `area`, the bar running from pixel row `top` down to
/// `bottom` (rows of `area`, level with the map beside it).
pub fn draw_scale<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    top: i32,
    bottom: i32,
    scale: &Scale,
    text: bool,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (x0, x1) = BAR;
    let span = (bottom - top) as f64;
    let row = |t: f64| bottom - (t.clamp(0.0, 1.0) * span).round() as i32;
    for &(from, to, colour) in &scale.bands {
        area.draw(&Rectangle::new([(x0, row(to)), (x1, row(from))], colour.filled()))
            .map_err(e)?;
    }
    area.draw(&Rectangle::new(
        [(x0, top), (x1, bottom)],
        RGBColor(120, 120, 120).stroke_width(1),
    ))
    .map_err(e)?;
    if !text {
        return Ok(());
    }
    let label = ("sans-serif", 15)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (t, words) in &scale.ticks {
        let y = row(*t);
        area.draw(&PathElement::new(
            vec![(x1, y), (x1 + 5, y)],
            BLACK.stroke_width(1),
        ))
        .map_err(e)?;
        area.draw(&Text::new(words.clone(), (x1 + 9, y), label.clone()))
            .map_err(e)?;
    }
    let title = ("sans-serif", 16)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Bottom));
    area.draw(&Text::new(scale.title.clone(), (x0, top - 8), title))
        .map_err(e)?;
    Ok(())
}
