//! `sprague plot`: a heap game's values against n (log-scaled n for
//! floor-division games, whose runs have geometric boundaries), or a game on
//! two numbers as a heat map of g(x, y) with its colour scale (`heat`,
//! `legend`), written as SVG or PNG by plotters.
//! With `--skill-curve`, one position's win chance against the players'
//! skills instead, as the library computes it
//! ([`sprague::report::skill_report`]): a curve for equal skills beside a
//! heat map of skills apart (drawn by `skill_draw`).
//!
//! Text in the picture needs a TrueType font. plotters is built without its
//! system-font feature (which links fontconfig); instead the first font
//! found at `$SPRAGUE_FONT` or a usual system path is loaded at run time.
//! With none, the plot is drawn without text and a note says so.

mod heat;
mod legend;
mod skill_draw;

use super::files::{atomic_render, target};
use super::parse_upto;
use crate::cli::PlotArgs;
use anyhow::bail;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::report::{skill_report, IsHeap, SkillReport};
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::CURVE_STEPS;
use sprague::solve::{Limits, Play, Solver};
use std::io::Write;
use std::path::Path;
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
    let line = super::load_line(&args.spec, args.limits.script_limits())?;
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
    // Where the picture goes, checked before any computing; the file there
    // is replaced only by a whole picture.
    let file = target(path, "-o")?;
    let game = match line {
        sprague::report::Line::Heaps(game) => game,
        sprague::report::Line::Family(family) => {
            let values = family_values(args, &family)?;
            let caption = format!("Grundy values of {}", family.spec());
            let picture = Picture::Sequence { values, log: false };
            return render(&picture, &caption, format, &file, path, out);
        }
    };
    if args.skill_curve {
        return skill_curve(args, &game, format, &file, out);
    }
    if args.misere {
        bail!("--misere applies only with --skill-curve (a plot of values shows normal-play Grundy values)");
    }
    if let Some(p) = args.positions.first() {
        bail!("unexpected position `{p}`: positions are plotted only with --skill-curve (a plot of values takes --upto N)");
    }
    let Some(upto) = args.upto.as_deref() else {
        bail!("give --upto N (or N,M), or a position and --skill-curve");
    };
    sprague::report::not_one_board(&game)?;
    let (n, m) = parse_upto(upto)?;
    let limits = args.limits.limits();
    let picture = if game.visit(IsHeap) {
        if m.is_some() {
            bail!("`{}` is a heap game: give --upto N, not N,M", game.spec());
        }
        if n < 1 {
            bail!("bad --upto `{upto}`: plot at least g(0..=1)");
        }
        Picture::Sequence {
            values: game.visit(Values { n, limits })?,
            log: matches!(game, Game::Divide(_)),
        }
    } else {
        let (origin, table) = sprague::pattern::pair_table(&game, n, m.unwrap_or(n), limits)?;
        Picture::Heat {
            origin,
            table,
            names: game.visit(PairNames),
        }
    };
    let caption = format!("Grundy values of {}", game.spec());
    render(&picture, &caption, format, &file, path, out)
}

/// The values along a family of boards (`cram:3xN`) that `plot` draws:
/// `--upto N` only, normal play, no positions.
fn family_values(args: &PlotArgs, family: &sprague::report::BoardFamily) -> anyhow::Result<Vec<u32>> {
    let spec = family.spec();
    if args.skill_curve || args.misere || !args.positions.is_empty() {
        bail!("a family of boards (`{spec}`) is plotted by its values along N in normal play: give --upto N only (a skill curve wants one board, e.g. `{}`)", sprague::rules::family_member(spec, 5));
    }
    let Some(upto) = args.upto.as_deref() else {
        bail!("give --upto N: the members of `{spec}` to plot");
    };
    match parse_upto(upto)? {
        (n, None) if n >= 1 => super::boards::family_values(family, n, args.limits.limits()),
        (_, None) => bail!("bad --upto `{upto}`: plot at least g(0..=1)"),
        (_, Some(_)) => Err(family.no_second_size(&format!("`--upto {upto}`")).into()),
    }
}

/// Draws `picture` into `file` (through a temporary file) and says so.
fn render(
    picture: &Picture,
    caption: &str,
    format: Format,
    file: &Path,
    path: &Path,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let text = fonts();
    atomic_render(file, |tmp| {
        match format {
            Format::Svg => draw(
                SVGBackend::new(tmp, SIZE).into_drawing_area(),
                picture,
                caption,
                text,
            ),
            Format::Png => draw(
                BitMapBackend::new(tmp, SIZE).into_drawing_area(),
                picture,
                caption,
                text,
            ),
        }
        .map_err(std::io::Error::other)
    })?;
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
        if rules.heap_moves().is_none() {
            return Err(super::not_heap_sizes(&rules.spec()));
        }
        Ok(Solver::new(rules, self.limits).heap_table(self.n)?.to_vec())
    }
}

/// What the rules call the two numbers of a 2-D table.
struct PairNames;

impl GameVisitor for PairNames {
    type Output = [&'static str; 2];
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        rules.pair_names()
    }
}

enum Picture {
    Sequence {
        values: Vec<u32>,
        log: bool,
    },
    Heat {
        origin: u64,
        table: Vec<Vec<u64>>,
        names: [&'static str; 2],
    },
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
        Picture::Heat { origin, table, names } => heat::heat(&root, *origin, table, *names, caption, text)?,
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

/// The picture of `--skill-curve`: two panels side by side.
const SKILL_SIZE: (u32, u32) = (1400, 680);

/// Runs `sprague plot SPEC POSITION... --skill-curve -o FILE`: the
/// library's [`skill_report`], drawn.
fn skill_curve(
    args: &PlotArgs,
    game: &Game,
    format: Format,
    file: &Path,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    if args.positions.is_empty() {
        bail!(
            "--skill-curve needs a position: e.g. `sprague plot {} POSITION... --skill-curve -o {}`",
            args.spec,
            args.output.display()
        );
    }
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let report = skill_report(game, &args.positions, play, args.limits.limits())?;
    let grid = &report.chances;
    let path = args.output.as_path();
    let text = fonts();
    let labels = SkillLabels::new(&args.spec, &report);
    atomic_render(file, |tmp| {
        match format {
            Format::Svg => skill_draw::draw_skill(
                SVGBackend::new(tmp, SKILL_SIZE).into_drawing_area(),
                grid,
                &labels,
                text,
            ),
            Format::Png => skill_draw::draw_skill(
                BitMapBackend::new(tmp, SKILL_SIZE).into_drawing_area(),
                grid,
                &labels,
                text,
            ),
        }
        .map_err(std::io::Error::other)
    })?;
    let chance = |p: Option<f64>| p.map_or_else(|| "?".into(), chance_text);
    writeln!(out, "{}", labels.title)?;
    writeln!(out, "outcome   {}", labels.outcome)?;
    writeln!(
        out,
        "equal     P=0: {}, P=0.5: {}, P=1: {}  (both players with skill P)",
        chance(grid.equal(0.0)),
        chance(grid.equal(0.5)),
        chance(grid.equal(1.0)),
    )?;
    writeln!(
        out,
        "apart     a=1,b=0: {}, a=0,b=1: {}, a=1,b=0.5: {}, a=0.5,b=1: {}; above 1/2 at {:.0}% of the {m}×{m} points  (skill a for the player to move, b for the opponent)",
        chance(grid.apart(1.0, 0.0)),
        chance(grid.apart(0.0, 1.0)),
        chance(grid.apart(1.0, 0.5)),
        chance(grid.apart(0.5, 1.0)),
        grid.favoured_share() * 100.0,
        m = grid.heat_steps() + 1,
    )?;
    if grid.heat_steps() < CURVE_STEPS {
        writeln!(
            out,
            "note: the heat map is on steps of 1/{} to save time (the graph is large: {} sums, {} moves)",
            grid.heat_steps(),
            grid.states,
            grid.moves
        )?;
    }
    writeln!(
        out,
        "note: chances in floating point, each within {:.1e} of the exact value (proven bound)",
        grid.error_bound
    )?;
    if !text {
        writeln!(
            out,
            "note: no TrueType font found (set SPRAGUE_FONT=/path/to/font.ttf); the plot has no text"
        )?;
    }
    writeln!(out, "wrote {}", path.display())?;
    Ok(())
}

/// A chance as text: `0` and `1` when the float is exactly that, else six
/// decimals at most.
fn chance_text(p: f64) -> String {
    if p == 0.0 || p == 1.0 {
        return format!("{p}");
    }
    let t = format!("{p:.6}");
    let t = t.trim_end_matches('0').trim_end_matches('.');
    match t {
        "0" => "<0.000001".into(),
        "1" => ">0.999999".into(),
        _ => t.into(),
    }
}

/// The words of the skill picture and of the summary.
struct SkillLabels {
    title: String,
    outcome: String,
}

impl SkillLabels {
    fn new(spec: &str, report: &SkillReport) -> SkillLabels {
        let grid = &report.chances;
        let play = match grid.play {
            Play::Normal => "",
            Play::Misere => ", misère play",
        };
        let position = match report.components.is_empty() {
            true => "(nothing left)".to_string(),
            false => report.components.join(" + "),
        };
        SkillLabels {
            title: format!("Win chance of the player to move: {spec} {position}{play}"),
            outcome: format!("{}: {} with perfect play", grid.outcome, grid.outcome.describe()),
        }
    }
}
