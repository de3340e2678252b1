//! The picture of `plot --skill-curve`: the win chance against equal
//! skills (a curve whose marks are labelled clear of it) beside a heat map
//! of skills apart with its colour scale.

use super::legend::{draw_scale, Scale};
use super::{chance_text, SkillLabels};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::solve::SkillCurve;

/// A diverging colour ramp for a chance: red (the player to move loses)
/// through near-white at 1/2 to blue (the player to move wins).
fn chance_colour(p: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (178.0, 24.0, 43.0),
        (239.0, 138.0, 98.0),
        (247.0, 247.0, 247.0),
        (103.0, 169.0, 207.0),
        (33.0, 102.0, 172.0),
    ];
    let pos = p.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn centred(size: f64, colour: &RGBColor) -> TextStyle<'static> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    ("sans-serif", size)
        .into_font()
        .color(colour)
        .pos(Pos::new(HPos::Center, VPos::Center))
}

pub fn draw_skill<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    grid: &SkillCurve,
    labels: &SkillLabels,
    text: bool,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(e)?;
    let (w, _) = root.dim_in_pixel();
    let body = if text {
        let (head, body) = root.split_vertically(78);
        let mid = w as i32 / 2;
        head.draw(&Text::new(
            labels.title.as_str(),
            (mid, 26),
            centred(26.0, &BLACK),
        ))
        .map_err(e)?;
        let sub = format!(
            "{}.  Skill = a player's chance of making the perfect move (else a uniformly random one).",
            labels.outcome
        );
        head.draw(&Text::new(sub, (mid, 60), centred(17.0, &RGBColor(70, 70, 70))))
            .map_err(e)?;
        body
    } else {
        root.clone()
    };
    let (left, right) = body.split_horizontally(w / 2);
    skill_line(&left, grid, text)?;
    skill_heat(&right, grid, text)?;
    root.present().map_err(e)
}

/// The left panel: the chance against P, both players with skill P.
fn skill_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    grid: &SkillCurve,
    text: bool,
) -> Result<(), String> {
    let n = grid.curve.len() - 1;
    let curve: Vec<(f64, f64)> = grid
        .curve_skills
        .iter()
        .copied()
        .zip(grid.curve.iter().copied())
        .collect();
    let mut builder = ChartBuilder::on(area);
    builder.margin(16).margin_right(30);
    if text {
        builder
            .caption("Equal skills: both players with skill P", ("sans-serif", 21))
            .x_label_area_size(48)
            .y_label_area_size(62);
    }
    let mut chart = builder
        .build_cartesian_2d(0.0..1.0, -0.02..1.02)
        .map_err(|e| e.to_string())?;
    if text {
        chart
            .configure_mesh()
            .x_desc("P: each player's skill")
            .y_desc("win chance of the player to move")
            .x_labels(11)
            .y_labels(11)
            .x_label_formatter(&|v| format!("{v:.1}"))
            .y_label_formatter(&|v| format!("{v:.1}"))
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(RGBColor(225, 225, 225))
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    let grey = RGBColor(150, 150, 150);
    chart
        .draw_series(LineSeries::new([(0.0, 0.5), (1.0, 0.5)], grey.stroke_width(1)))
        .map_err(|e| e.to_string())?;
    let colour = RGBColor(31, 90, 160);
    chart
        .draw_series(LineSeries::new(curve.iter().copied(), colour.stroke_width(3)))
        .map_err(|e| e.to_string())?;
    let marks = [0, n / 2, n];
    chart
        .draw_series(marks.iter().map(|&k| Circle::new(curve[k], 5, colour.filled())))
        .map_err(|e| e.to_string())?;
    if text {
        // Each mark's label where it covers neither the curve nor another
        // label (the curve's end at 1 often sits in the corner).
        let px = |p: (f64, f64)| {
            let (x, y) = chart.backend_coord(&p);
            (x as f64, y as f64)
        };
        let path: Vec<(f64, f64)> = curve.iter().map(|&p| px(p)).collect();
        let (xs, ys) = chart.plotting_area().get_pixel_range();
        // The plotting area, and the chart's margins around it.
        let m = 12.0;
        let bounds = [
            xs.start as f64 - m,
            ys.start as f64 - m,
            xs.end as f64 + m,
            ys.end as f64 + m,
        ];
        let (bx, by) = area.get_base_pixel();
        let mut taken: Vec<[f64; 4]> = Vec::new();
        for &k in &marks {
            let words = chance_text(curve[k].1);
            let size = label_size(&words, LABEL_FONT);
            let (cx, cy) = place_label(&path, &taken, path[k], size, bounds);
            taken.push([
                cx - size.0 / 2.0,
                cy - size.1 / 2.0,
                cx + size.0 / 2.0,
                cy + size.1 / 2.0,
            ]);
            let at = ((cx - bx as f64).round() as i32, (cy - by as f64).round() as i32);
            area.draw(&Text::new(words, at, centred(LABEL_FONT, &BLACK)))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// The font size of the curve's labels.
const LABEL_FONT: f64 = 16.0;

/// A label's box in pixels, estimated: digits of a sans-serif font are
/// a little over half as wide as the font is high.
fn label_size(words: &str, font: f64) -> (f64, f64) {
    (words.chars().count() as f64 * font * 0.6 + 2.0, font + 2.0)
}

/// The distance in pixels from the box `[x0, y0, x1, y1]` to the point.
fn box_distance(b: [f64; 4], (x, y): (f64, f64)) -> f64 {
    let dx = (b[0] - x).max(x - b[2]).max(0.0);
    let dy = (b[1] - y).max(y - b[3]).max(0.0);
    dx.hypot(dy)
}

/// Where a label of `size` goes beside the point `mark` of the curve
/// `path` (pixels): the centre of the first of the places around the
/// mark (above, below, then level with it; next to it, then farther out)
/// that stays inside `bounds`, clear of `taken` boxes, with the most room
/// from the curve (room beyond [`CLEAR`] counts as enough).
fn place_label(
    path: &[(f64, f64)],
    taken: &[[f64; 4]],
    mark: (f64, f64),
    size: (f64, f64),
    bounds: [f64; 4],
) -> (f64, f64) {
    const GAP: f64 = 8.0;
    let (w, h) = size;
    let (dx, dy) = (w / 2.0 + GAP, h / 2.0 + GAP);
    // Centred on the mark, starting at it, ending at it, or beside it;
    // above, below or level; next to it, then a little farther out.
    let across = [0.0, w / 2.0 - 2.0, 2.0 - w / 2.0, dx, -dx];
    let places: Vec<(f64, f64)> = [1.0, 1.8]
        .into_iter()
        .flat_map(|far| {
            [-dy, dy, 0.0].into_iter().flat_map(move |oy| {
                across
                    .into_iter()
                    .filter(move |&ox| oy != 0.0 || ox.abs() >= dx)
                    .map(move |ox| (ox * if oy == 0.0 { far } else { 1.0 }, oy * far))
            })
        })
        .collect();
    // The curve sampled finely enough that no segment passes between samples.
    let mut samples: Vec<(f64, f64)> = Vec::new();
    for pair in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let steps = ((x1 - x0).hypot(y1 - y0) / 2.0).ceil().max(1.0) as usize;
        samples.extend((0..steps).map(|i| {
            let t = i as f64 / steps as f64;
            (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        }));
    }
    samples.extend(path.last().copied());
    let mut best = (f64::NEG_INFINITY, (mark.0, mark.1 - dy));
    for &(ox, oy) in &places {
        let (cx, cy) = (mark.0 + ox, mark.1 + oy);
        let b = [cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0];
        let inside = b[0] >= bounds[0] && b[1] >= bounds[1] && b[2] <= bounds[2] && b[3] <= bounds[3];
        let overlaps = taken
            .iter()
            .any(|t| b[0] < t[2] && t[0] < b[2] && b[1] < t[3] && t[1] < b[3]);
        let room = samples
            .iter()
            .map(|&p| box_distance(b, p))
            .fold(f64::INFINITY, f64::min)
            .min(CLEAR);
        let score = room - if inside { 0.0 } else { 1000.0 } - if overlaps { 500.0 } else { 0.0 };
        if score > best.0 {
            best = (score, (cx, cy));
        }
    }
    best.1
}

/// Room from the curve that counts as clear, in pixels.
const CLEAR: f64 = 6.0;

/// The right panel: the chance over (mover's skill a, opponent's skill b),
/// with a colour scale.
fn skill_heat<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    grid: &SkillCurve,
    text: bool,
) -> Result<(), String> {
    let n = grid.heat_steps();
    let (w, h) = area.dim_in_pixel();
    let bar_w = if text { 120 } else { 60 };
    let (map_area, bar_area) = area.split_horizontally(w.saturating_sub(bar_w));
    // A square map: the caption, labels and margins take about this much.
    let (extra_w, extra_h) = if text { (94, 130) } else { (32, 32) };
    let side = (w.saturating_sub(bar_w + extra_w)).min(h.saturating_sub(extra_h));
    let spare = (w.saturating_sub(bar_w + extra_w)).saturating_sub(side);
    let map_area = map_area.margin(0, 0, spare / 2, spare - spare / 2);
    let mut builder = ChartBuilder::on(&map_area);
    builder.margin(16);
    if text {
        builder
            .caption(
                "Skills apart: a for the player to move, b for the opponent",
                ("sans-serif", 21),
            )
            .x_label_area_size(48)
            .y_label_area_size(62);
    }
    let mut chart = builder
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)
        .map_err(|e| e.to_string())?;
    let edge = |k: usize, d: f64| ((k as f64 + d) / n as f64).clamp(0.0, 1.0);
    chart
        .draw_series((0..=n).flat_map(|a| {
            (0..=n).map(move |b| {
                Rectangle::new(
                    [(edge(a, -0.5), edge(b, -0.5)), (edge(a, 0.5), edge(b, 0.5))],
                    chance_colour(grid.heat[a][b]).filled(),
                )
            })
        }))
        .map_err(|e| e.to_string())?;
    // The diagonal a = b is the left panel's curve.
    chart
        .draw_series(LineSeries::new(
            [(0.0, 0.0), (1.0, 1.0)],
            BLACK.mix(0.45).stroke_width(1),
        ))
        .map_err(|e| e.to_string())?;
    if text {
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("a: skill of the player to move")
            .y_desc("b: skill of the opponent")
            .x_labels(11)
            .y_labels(11)
            .x_label_formatter(&|v| format!("{v:.1}"))
            .y_label_formatter(&|v| format!("{v:.1}"))
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    // The colour scale, level with the map.
    let (_, rows) = chart.plotting_area().get_pixel_range();
    let (_, y0) = bar_area.get_base_pixel();
    const SHADES: usize = 200;
    let scale = Scale {
        bands: (0..SHADES)
            .map(|i| {
                let (lo, hi) = (i as f64 / SHADES as f64, (i + 1) as f64 / SHADES as f64);
                (lo, hi, chance_colour((lo + hi) / 2.0))
            })
            .collect(),
        ticks: (0..=10)
            .map(|i| (i as f64 / 10.0, format!("{:.1}", i as f64 / 10.0)))
            .collect(),
        title: "win chance".into(),
    };
    draw_scale(&bar_area, rows.start - y0, rows.end - y0, &scale, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least distance from a label's box to the sampled curve.
    fn room(path: &[(f64, f64)], centre: (f64, f64), size: (f64, f64)) -> f64 {
        let b = [
            centre.0 - size.0 / 2.0,
            centre.1 - size.1 / 2.0,
            centre.0 + size.0 / 2.0,
            centre.1 + size.1 / 2.0,
        ];
        let mut least = f64::INFINITY;
        for pair in path.windows(2) {
            for i in 0..=100 {
                let t = i as f64 / 100.0;
                let p = (
                    pair[0].0 + (pair[1].0 - pair[0].0) * t,
                    pair[0].1 + (pair[1].1 - pair[0].1) * t,
                );
                least = least.min(box_distance(b, p));
            }
        }
        least
    }

    #[test]
    fn labels_stay_clear_of_the_curve_and_inside_the_plot() {
        // A plotting area of 600 × 500 pixels with margins of 12.
        let bounds = [-12.0, -12.0, 612.0, 512.0];
        // Pixel rows grow downwards: a curve that rises steeply into the
        // top-right corner (as kayles 3 + 4's does), a flat one, one from
        // the bottom-left corner to the top-right, and a zigzag.
        let curves: Vec<Vec<(f64, f64)>> = vec![
            (0..=32)
                .map(|k| {
                    let x = k as f64 / 32.0;
                    (x * 600.0, 500.0 - 250.0 * (1.0 + x.powi(4)))
                })
                .collect(),
            (0..=32).map(|k| (k as f64 * 600.0 / 32.0, 250.0)).collect(),
            (0..=32)
                .map(|k| {
                    let x = k as f64 / 32.0;
                    (x * 600.0, 500.0 * (1.0 - x * x))
                })
                .collect(),
            (0..=32)
                .map(|k| (k as f64 * 600.0 / 32.0, if k % 2 == 0 { 200.0 } else { 300.0 }))
                .collect(),
        ];
        for path in &curves {
            let mut taken: Vec<[f64; 4]> = Vec::new();
            for k in [0, 16, 32] {
                let size = label_size("0.618663", LABEL_FONT);
                let c = place_label(path, &taken, path[k], size, bounds);
                let b = [
                    c.0 - size.0 / 2.0,
                    c.1 - size.1 / 2.0,
                    c.0 + size.0 / 2.0,
                    c.1 + size.1 / 2.0,
                ];
                assert!(
                    room(path, c, size) >= CLEAR - 0.5,
                    "mark {k}: a label on the curve {path:?}"
                );
                assert!(
                    b[0] >= -12.0 && b[1] >= -12.0 && b[2] <= 612.0 && b[3] <= 512.0,
                    "mark {k}: outside: {b:?}"
                );
                for t in &taken {
                    assert!(
                        !(b[0] < t[2] && t[0] < b[2] && b[1] < t[3] && t[1] < b[3]),
                        "labels overlap"
                    );
                }
                taken.push(b);
            }
        }
    }
}
