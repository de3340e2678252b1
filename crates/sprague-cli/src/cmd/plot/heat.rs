//! The heat map of a game on two numbers: g(x, y) as a colour, the first
//! number x across and the second y up, each axis named as the rules name
//! its number (`rows`, `columns` for a board), with a colour scale beside
//! the map so that a colour can be read back as a value.

use super::legend::{draw_scale, Scale};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A light-to-dark colour ramp; 0 (a P-position) is white.
fn shade(v: u64, max: u64) -> RGBColor {
    if v == 0 {
        return RGBColor(255, 255, 255);
    }
    const STOPS: [(f64, f64, f64); 5] = [
        (253.0, 231.0, 37.0),
        (94.0, 201.0, 98.0),
        (33.0, 145.0, 140.0),
        (59.0, 82.0, 139.0),
        (68.0, 1.0, 84.0),
    ];
    let t = if max <= 1 {
        0.0
    } else {
        (v - 1) as f64 / (max - 1) as f64
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Values 0..=max as a scale: one band per value; every value labelled
/// where there are few, else every k-th (about a dozen labels).
fn value_scale(max: u64) -> Scale {
    let count = max + 1;
    let band = |v: u64| (v as f64 / count as f64, (v + 1) as f64 / count as f64);
    let step = count.div_ceil(12).max(1);
    Scale {
        bands: (0..=max)
            .map(|v| {
                let (from, to) = band(v);
                (from, to, shade(v, max))
            })
            .collect(),
        ticks: (0..=max)
            .filter(|v| v % step == 0)
            .map(|v| ((band(v).0 + band(v).1) / 2.0, v.to_string()))
            .collect(),
        title: "g".into(),
    }
}

/// The width kept right of the map for its colour scale.
const SCALE_WIDTH: u32 = 110;

/// Draws `table[i][j]` = g(origin + i, origin + j) with square cells,
/// i across and j up; `names` name the two numbers.
pub fn heat<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    origin: u64,
    table: &[Vec<u64>],
    names: [&str; 2],
    caption: &str,
    text: bool,
) -> Result<(), String> {
    let across = table.len() as u64;
    let up = table.first().map_or(0, |r| r.len()) as u64;
    let max = table.iter().flatten().copied().max().unwrap_or(0);
    let (w, h) = root.dim_in_pixel();
    // Square cells: the map as wide as its cells, the scale right beside
    // it, the two centred together.
    let room = w.saturating_sub(SCALE_WIDTH + 120) as f64;
    let side = (room / across as f64).min(h.saturating_sub(110) as f64 / up as f64);
    let spare = (room - side * across as f64).max(0.0) as u32;
    let centred = root.margin(0, 0, spare / 2, spare - spare / 2);
    let (map_area, scale_area) = centred.split_horizontally(w.saturating_sub(SCALE_WIDTH + spare));
    let mut builder = ChartBuilder::on(&map_area);
    builder.margin(16);
    if text {
        builder
            .caption(caption, ("sans-serif", 26))
            .x_label_area_size(44)
            .y_label_area_size(54);
    }
    let lo = origin as f64 - 0.5;
    let (xhi, yhi) = ((origin + across) as f64 - 0.5, (origin + up) as f64 - 0.5);
    let mut chart = builder
        .build_cartesian_2d(lo..xhi, lo..yhi)
        .map_err(|e| e.to_string())?;
    if text {
        let labels = |n: u64| (n.min(16) as usize).max(2);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(names[0])
            .y_desc(names[1])
            .x_labels(labels(across))
            .y_labels(labels(up))
            .x_label_formatter(&|v| format!("{}", v.round() as u64))
            .y_label_formatter(&|v| format!("{}", v.round() as u64))
            .label_style(("sans-serif", 16))
            .axis_desc_style(("sans-serif", 18))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    let at = |i: usize, j: usize| ((origin + i as u64) as f64, (origin + j as u64) as f64);
    let cell = |i: usize, j: usize| {
        let (x, y) = at(i, j);
        [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)]
    };
    chart
        .draw_series(table.iter().enumerate().flat_map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(move |(j, &v)| Rectangle::new(cell(i, j), shade(v, max).filled()))
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(table.iter().enumerate().flat_map(|(i, row)| {
            (0..row.len()).map(move |j| Rectangle::new(cell(i, j), RGBColor(160, 160, 160).stroke_width(1)))
        }))
        .map_err(|e| e.to_string())?;
    if text && across <= 32 && up <= 32 {
        let size = (side * 0.45).clamp(8.0, 28.0);
        chart
            .draw_series(table.iter().enumerate().flat_map(|(i, row)| {
                row.iter().enumerate().map(move |(j, &v)| {
                    let dark = v != 0 && (v as f64) > max as f64 * 0.45;
                    let colour = if dark { WHITE } else { BLACK };
                    let style = ("sans-serif", size)
                        .into_font()
                        .color(&colour)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    Text::new(v.to_string(), at(i, j), style)
                })
            }))
            .map_err(|e| e.to_string())?;
    }
    // The scale, level with the map.
    let (_, rows) = chart.plotting_area().get_pixel_range();
    let (_, y0) = scale_area.get_base_pixel();
    draw_scale(
        &scale_area,
        rows.start - y0,
        rows.end - y0,
        &value_scale(max),
        text,
    )
}
