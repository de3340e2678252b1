//! `sprague plot`: a heap game's values against n (log-scaled n for
//! floor-division games, whose runs have geometric boundaries), or a game on
//! two numbers as a heat map of g(x, y), written as SVG or PNG by plotters.
//!
//! Text in the picture needs a TrueType font. plotters is built without its
//! system-font feature (which links fontconfig); instead the first font
//! found at `$SPRAGUE_FONT` or a usual system path is loaded at run time.
//! With none, the plot is drawn without text and a note says so.

use super::analyze::IsHeap;
use super::parse_upto;
use crate::cli::PlotArgs;
use anyhow::{anyhow, bail};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::{Limits, Solver};
use std::io::Write;
use std::sync::OnceLock;

/// Where a TrueType font is commonly found.
const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "/Library/Fonts/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// Registers a font for plot text once; whether one was found.
fn fonts() -> bool {
    static FOUND: OnceLock<bool> = OnceLock::new();
    *FOUND.get_or_init(|| {
        let env = std::env::var("SPRAGUE_FONT").ok();
        for path in env.iter().map(String::as_str).chain(FONT_PATHS.iter().copied()) {
            if let Ok(bytes) = std::fs::read(path) {
                // The font table wants 'static bytes; one font per process.
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

const SIZE: (u32, u32) = (1000, 620);

/// Runs `sprague plot`.
pub fn run(args: &PlotArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = super::parse_game(&args.spec)?;
    let path = args.output.as_path();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let format = match ext.as_deref() {
        Some("svg") => Format::Svg,
        Some("png") => Format::Png,
        _ => bail!(
            "cannot plot to `{}`: name the file FILE.svg or FILE.png",
            path.display()
        ),
    };
    let (n, m) = parse_upto(&args.upto)?;
    let limits = args.limits.limits();
    let picture = if game.visit(IsHeap) {
        if m.is_some() {
            bail!("`{}` is a heap game: give --upto N, not N,M", game.spec());
        }
        if n < 1 {
            bail!("bad --upto `{}`: plot at least g(0..=1)", args.upto);
        }
        Picture::Sequence {
            values: game.visit(Values { n, limits })?,
            log: matches!(game, Game::Divide(_)),
        }
    } else {
        let (origin, table) = sprague::pattern::pair_table(&game, n, m.unwrap_or(n), limits)?;
        Picture::Heat { origin, table }
    };
    // Fail with a clear message before drawing if the file cannot be written.
    std::fs::File::create(path).map_err(|e| anyhow!("cannot write `{}`: {e}", path.display()))?;
    let text = fonts();
    let caption = format!("Grundy values of {}", game.spec());
    let drawn = match format {
        Format::Svg => draw(
            SVGBackend::new(path, SIZE).into_drawing_area(),
            &picture,
            &caption,
            text,
        ),
        Format::Png => draw(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            &picture,
            &caption,
            text,
        ),
    };
    drawn.map_err(|e| anyhow!("cannot write `{}`: {e}", path.display()))?;
    if !text {
        writeln!(
            out,
            "note: no TrueType font found (set SPRAGUE_FONT=/path/to/font.ttf); the plot has no text"
        )?;
    }
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

struct Values {
    n: u64,
    limits: Limits,
}

impl GameVisitor for Values {
    type Output = anyhow::Result<Vec<u32>>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        Ok(Solver::new(rules, self.limits).heap_table(self.n)?.to_vec())
    }
}

enum Picture {
    Sequence { values: Vec<u32>, log: bool },
    Heat { origin: u64, table: Vec<Vec<u64>> },
}

/// The values of n in [from, to): each distinct value, or only the least
/// and largest when there are many.
struct Bucket {
    from: f64,
    to: f64,
    min: u32,
    max: u32,
    distinct: Vec<u32>,
}

/// Buckets with more distinct values than this are drawn as one bar.
const MAX_DISTINCT: usize = 24;

/// Groups the values so that each bucket is about one pixel wide: linearly,
/// or geometrically for a log axis (every single n below 1000 stays apart).
fn buckets(values: &[u32], log: bool) -> Vec<Bucket> {
    let len = values.len();
    let mut out = Vec::new();
    let mut n = if log { 1 } else { 0 };
    while n < len {
        let width = if log {
            (n / 1000).max(1)
        } else {
            (len / 1500).max(1)
        };
        let end = (n + width).min(len);
        let slice = &values[n..end];
        let mut distinct = slice.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() > MAX_DISTINCT {
            distinct.clear();
        }
        out.push(Bucket {
            from: n as f64,
            to: end as f64,
            min: slice.iter().copied().min().unwrap_or(0),
            max: slice.iter().copied().max().unwrap_or(0),
            distinct,
        });
        n = end;
    }
    out
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    picture: &Picture,
    caption: &str,
    text: bool,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    match picture {
        Picture::Sequence { values, log } => {
            let b = buckets(values, *log);
            let len = values.len() as f64;
            let ymax = values.iter().copied().max().unwrap_or(0) as f64 + 1.0;
            if *log {
                sequence(&root, (1.0..len).log_scale(), ymax, &b, caption, text)?;
            } else {
                sequence(&root, 0.0..len, ymax, &b, caption, text)?;
            }
        }
        Picture::Heat { origin, table } => heat(&root, *origin, table, caption, text)?,
    }
    root.present().map_err(|e| e.to_string())
}

fn sequence<DB: DrawingBackend, X>(
    root: &DrawingArea<DB, Shift>,
    x: X,
    ymax: f64,
    buckets: &[Bucket],
    caption: &str,
    text: bool,
) -> Result<(), String>
where
    X: AsRangedCoord<Value = f64>,
    X::CoordDescType: ValueFormatter<f64>,
{
    let mut builder = ChartBuilder::on(root);
    builder.margin(16).margin_right(40);
    if text {
        builder
            .caption(caption, ("sans-serif", 26))
            .x_label_area_size(44)
            .y_label_area_size(54);
    }
    let mut chart = builder
        .build_cartesian_2d(x, -0.5..ymax)
        .map_err(|e| e.to_string())?;
    if text {
        chart
            .configure_mesh()
            .x_desc("n")
            .y_desc("g(n)")
            .x_label_formatter(&|v| format!("{}", v.round() as u64))
            .y_labels((ymax as usize + 1).min(12))
            .y_label_formatter(&|v| {
                // Grundy values are whole numbers: label only those ticks.
                if (v - v.round()).abs() < 1e-6 {
                    format!("{}", v.round() as i64)
                } else {
                    String::new()
                }
            })
            .light_line_style(WHITE.mix(0.0))
            .label_style(("sans-serif", 16))
            .axis_desc_style(("sans-serif", 18))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    let color = RGBColor(31, 90, 160);
    if buckets.len() <= 300 && buckets.iter().all(|b| b.to - b.from <= 1.0) {
        chart
            .draw_series(
                buckets
                    .iter()
                    .map(|b| Circle::new((b.from, b.min as f64), 3, color.filled())),
            )
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                buckets.iter().map(|b| (b.from, b.min as f64)),
                color.mix(0.3),
            ))
            .map_err(|e| e.to_string())?;
    } else {
        chart
            .draw_series(buckets.iter().flat_map(|b| {
                let bars: Vec<(u32, u32)> = if b.distinct.is_empty() {
                    vec![(b.min, b.max)]
                } else {
                    b.distinct.iter().map(|&v| (v, v)).collect()
                };
                let h = (ymax / 60.0).max(0.12);
                bars.into_iter().map(move |(lo, hi)| {
                    Rectangle::new([(b.from, lo as f64 - h), (b.to, hi as f64 + h)], color.filled())
                })
            }))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

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

fn heat<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    origin: u64,
    table: &[Vec<u64>],
    caption: &str,
    text: bool,
) -> Result<(), String> {
    let rows = table.len() as u64;
    let cols = table.first().map_or(0, |r| r.len()) as u64;
    let max = table.iter().flatten().copied().max().unwrap_or(0);
    // Square cells: shrink the drawing area to the table's aspect ratio.
    let (w, h) = root.dim_in_pixel();
    let side = ((w.saturating_sub(120)) as f64 / cols as f64).min(h.saturating_sub(110) as f64 / rows as f64);
    let spare = (w as f64 - 120.0 - side * cols as f64).max(0.0) as u32;
    let area = root.margin(0, 0, spare / 2, spare - spare / 2);
    let mut builder = ChartBuilder::on(&area);
    builder.margin(16);
    if text {
        builder
            .caption(caption, ("sans-serif", 26))
            .x_label_area_size(44)
            .y_label_area_size(54);
    }
    let (lo, xhi, yhi) = (
        origin as f64 - 0.5,
        (origin + rows) as f64 - 0.5,
        (origin + cols) as f64 - 0.5,
    );
    let mut chart = builder
        .build_cartesian_2d(lo..yhi, lo..xhi)
        .map_err(|e| e.to_string())?;
    if text {
        let labels = |n: u64| (n.min(16) as usize).max(2);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("y")
            .y_desc("x")
            .x_labels(labels(cols))
            .y_labels(labels(rows))
            .x_label_formatter(&|v| format!("{}", v.round() as u64))
            .y_label_formatter(&|v| format!("{}", v.round() as u64))
            .label_style(("sans-serif", 16))
            .axis_desc_style(("sans-serif", 18))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    let cell = |i: usize, j: usize| {
        let (x, y) = ((origin + i as u64) as f64, (origin + j as u64) as f64);
        [(y - 0.5, x - 0.5), (y + 0.5, x + 0.5)]
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
    if text && rows <= 32 && cols <= 32 {
        let size = (side * 0.45).clamp(8.0, 28.0);
        chart
            .draw_series(table.iter().enumerate().flat_map(|(i, row)| {
                row.iter().enumerate().map(move |(j, &v)| {
                    let dark = v != 0 && (v as f64) > max as f64 * 0.45;
                    let colour = if dark { WHITE } else { BLACK };
                    let style = ("sans-serif", size).into_font().color(&colour).pos(
                        plotters::style::text_anchor::Pos::new(
                            plotters::style::text_anchor::HPos::Center,
                            plotters::style::text_anchor::VPos::Center,
                        ),
                    );
                    Text::new(
                        v.to_string(),
                        ((origin + j as u64) as f64, (origin + i as u64) as f64),
                        style,
                    )
                })
            }))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
