//! `sprague plot`: a heap game's values against n (log-scaled n for
//! floor-division games, whose runs have geometric boundaries), or a game on
//! two numbers as a heat map of g(x, y) with its colour scale (`heat`,
//! `legend`), written as SVG or PNG by plotters.
//! With `--skill-curve`, one position's win chance against the players'
//! skills instead (one float pass of [`sprague::solve::random::Skills`] at
//! each point): a curve for equal skills beside a heat map of skills apart
//! (drawn by `skill_draw`).
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
use anyhow::{anyhow, bail};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::report::IsHeap;
use sprague::rules::{Game, GameVisitor, Ruleset};
use sprague::solve::random::{Probability, Skills};
use sprague::solve::retrograde::solve_all;
use sprague::solve::sums::{StateId, SumGraph};
use sprague::solve::{Limits, Play, Solver};
use sprague::Outcome;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
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
    let game = super::load_game(&args.spec, args.limits.script_limits())?;
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
    let text = fonts();
    let caption = format!("Grundy values of {}", game.spec());
    atomic_render(&file, |tmp| {
        match format {
            Format::Svg => draw(
                SVGBackend::new(tmp, SIZE).into_drawing_area(),
                &picture,
                &caption,
                text,
            ),
            Format::Png => draw(
                BitMapBackend::new(tmp, SIZE).into_drawing_area(),
                &picture,
                &caption,
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

/// The curve's skills are k/SKILL_STEPS for k = 0..=SKILL_STEPS (dyadic,
/// so that the skills themselves are exact floats).
const SKILL_STEPS: usize = 32;

/// The heat map's steps, finest first: the finest whose points are
/// expected to take at most [`HEAT_BUDGET`], else the last.
const HEAT_STEPS: [usize; 3] = [32, 16, 8];

/// Seconds the heat map should take (a point is one pass over the graph
/// of sums: microseconds to seconds, with its size).
const HEAT_BUDGET: f64 = 2.0;

/// A point of the heat map holds two skills, so its pass keeps two
/// chances per state: measured at 1.2 to 1.7 times a point of the curve.
const APART_COST: f64 = 1.5;

/// The picture of `--skill-curve`: two panels side by side.
const SKILL_SIZE: (u32, u32) = (1400, 680);

/// The win chance of one position against the players' skills.
struct SkillGrid {
    /// The position as written back by the rules (`4 + 5`).
    position: String,
    play: Play,
    /// Who wins with perfect play.
    outcome: Outcome,
    /// `curve[k]`: both players with skill k/SKILL_STEPS.
    curve: Vec<f64>,
    /// The heat map's step is 1/heat_steps (a divisor of SKILL_STEPS).
    heat_steps: usize,
    /// `heat[a][b]`: the player to move with skill a/heat_steps, the
    /// opponent b/heat_steps.
    heat: Vec<Vec<f64>>,
    /// The largest proven bound on a chance's floating-point error.
    error: f64,
    /// The mean seconds of one point of the curve (on one core).
    point_secs: f64,
}

impl SkillGrid {
    /// The chance at skills (a, b), each a fraction of 1 given as
    /// (numerator, denominator) with a point of the heat map there.
    fn at(&self, a: (usize, usize), b: (usize, usize)) -> f64 {
        let m = self.heat_steps;
        self.heat[a.0 * m / a.1][b.0 * m / b.1]
    }

    /// The share of the heat map's points where the player to move is
    /// favoured (a chance above 1/2).
    fn favoured_share(&self) -> f64 {
        let all = self.heat.iter().flatten();
        let n = all.clone().count();
        all.filter(|&&p| p > 0.5).count() as f64 / n as f64
    }
}

/// Runs `sprague plot SPEC POSITION... --skill-curve -o FILE`.
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
    let grid = game.visit(SkillJob {
        positions: &args.positions,
        play,
        limits: args.limits.limits(),
    })?;
    let path = args.output.as_path();
    let text = fonts();
    let labels = SkillLabels::new(&args.spec, &grid);
    atomic_render(file, |tmp| {
        match format {
            Format::Svg => skill_draw::draw_skill(
                SVGBackend::new(tmp, SKILL_SIZE).into_drawing_area(),
                &grid,
                &labels,
                text,
            ),
            Format::Png => skill_draw::draw_skill(
                BitMapBackend::new(tmp, SKILL_SIZE).into_drawing_area(),
                &grid,
                &labels,
                text,
            ),
        }
        .map_err(std::io::Error::other)
    })?;
    let (n, half) = (SKILL_STEPS, SKILL_STEPS / 2);
    let (zero, one, mid) = ((0, 1), (1, 1), (1, 2));
    writeln!(out, "{}", labels.title)?;
    writeln!(out, "outcome   {}", labels.outcome)?;
    writeln!(
        out,
        "equal     P=0: {}, P=0.5: {}, P=1: {}  (both players with skill P)",
        chance_text(grid.curve[0]),
        chance_text(grid.curve[half]),
        chance_text(grid.curve[n]),
    )?;
    writeln!(
        out,
        "apart     a=1,b=0: {}, a=0,b=1: {}, a=1,b=0.5: {}, a=0.5,b=1: {}; above 1/2 at {:.0}% of the {m}×{m} points  (skill a for the player to move, b for the opponent)",
        chance_text(grid.at(one, zero)),
        chance_text(grid.at(zero, one)),
        chance_text(grid.at(one, mid)),
        chance_text(grid.at(mid, one)),
        grid.favoured_share() * 100.0,
        m = grid.heat_steps + 1,
    )?;
    if grid.heat_steps < SKILL_STEPS {
        writeln!(
            out,
            "note: the heat map is on steps of 1/{} to save time (the graph is large: about {:.0} ms a point)",
            grid.heat_steps,
            grid.point_secs * 1000.0
        )?;
    }
    writeln!(
        out,
        "note: chances in floating point, each within {:.1e} of the exact value (proven bound)",
        grid.error
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
    fn new(spec: &str, grid: &SkillGrid) -> SkillLabels {
        let play = match grid.play {
            Play::Normal => "",
            Play::Misere => ", misère play",
        };
        SkillLabels {
            title: format!("Win chance of the player to move: {spec} {}{play}", grid.position),
            outcome: format!("{}: {} with perfect play", grid.outcome, grid.outcome.describe()),
        }
    }
}

struct SkillJob<'a> {
    positions: &'a [String],
    play: Play,
    limits: Limits,
}

impl GameVisitor for SkillJob<'_> {
    type Output = anyhow::Result<SkillGrid>;

    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        if rules.may_loop() {
            bail!(
                "`{}` is loopy: random play may never end, so --skill-curve has no win chance to plot",
                rules.spec()
            );
        }
        let sum: Vec<R::Position> = self
            .positions
            .iter()
            .map(|t| rules.parse_position(t))
            .collect::<Result<_, _>>()?;
        let mut graph = SumGraph::new(rules, self.limits);
        let root = graph.add_root(&sum)?;
        // A cycle the rules did not announce: the same refusal, from the graph.
        graph.topological_order()?;
        let outcome = solve_all(&graph, self.play)[root as usize].outcome;
        let position = sum
            .iter()
            .map(|p| rules.format_position(p))
            .collect::<Vec<_>>()
            .join(" + ");
        let mut grid = skill_grid(&graph, root, self.play)?;
        grid.position = if position.is_empty() {
            "(nothing left)".into()
        } else {
            position
        };
        grid.outcome = outcome;
        Ok(grid)
    }
}

/// The win chance along the curve of equal skills, then over the square
/// of skills apart, as finely as [`HEAT_BUDGET`] allows.
fn skill_grid<R: Ruleset>(graph: &SumGraph<'_, R>, root: StateId, play: Play) -> anyhow::Result<SkillGrid> {
    let n = SKILL_STEPS;
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let bar = match std::io::stderr().is_terminal() {
        true => indicatif::ProgressBar::new(n as u64 + 1),
        false => indicatif::ProgressBar::hidden(),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "computing win chances {bar:30} {pos}/{len} points, {eta} left",
        )
        .expect("a valid template"),
    );
    let started = std::time::Instant::now();
    let diagonal: Vec<(usize, usize)> = (0..=n).map(|k| (k, k)).collect();
    let curve = skill_points(graph, root, play, &diagonal, threads, &bar)?;
    let point_secs = started.elapsed().as_secs_f64() * threads.min(n + 1) as f64 / (n + 1) as f64;
    let heat_steps = HEAT_STEPS
        .iter()
        .copied()
        .find(|&m| (m + 1) as f64 * m as f64 * APART_COST * point_secs / threads as f64 <= HEAT_BUDGET)
        .unwrap_or(HEAT_STEPS[HEAT_STEPS.len() - 1]);
    let scale = n / heat_steps;
    let apart: Vec<(usize, usize)> = (0..=heat_steps)
        .flat_map(|a| (0..=heat_steps).map(move |b| (a * scale, b * scale)))
        .filter(|(a, b)| a != b)
        .collect();
    bar.inc_length(apart.len() as u64);
    let mut found: std::collections::HashMap<(usize, usize), Probability> = apart
        .iter()
        .copied()
        .zip(skill_points(graph, root, play, &apart, threads, &bar)?)
        .collect();
    bar.finish_and_clear();
    let error = curve
        .iter()
        .chain(found.values())
        .map(|p| p.error_bound)
        .fold(0.0, f64::max);
    let heat = (0..=heat_steps)
        .map(|a| {
            (0..=heat_steps)
                .map(|b| match found.remove(&(a * scale, b * scale)) {
                    Some(p) => p.value,
                    None => curve[a * scale].value,
                })
                .collect()
        })
        .collect();
    Ok(SkillGrid {
        position: String::new(),
        play,
        outcome: Outcome::P,
        curve: curve.iter().map(|p| p.value).collect(),
        heat_steps,
        heat,
        error,
        point_secs,
    })
}

/// The win chance at each pair of skills (a, b)/SKILL_STEPS in `points`,
/// spread over `threads` threads (each point is a pass over the graph).
fn skill_points<R: Ruleset>(
    graph: &SumGraph<'_, R>,
    root: StateId,
    play: Play,
    points: &[(usize, usize)],
    threads: usize,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<Vec<Probability>> {
    let n = SKILL_STEPS as f64;
    let skills = Skills::new(graph, play)?;
    let total = points.len();
    let next = AtomicUsize::new(0);
    let point = |i: usize| -> anyhow::Result<Probability> {
        let (a, b) = points[i];
        let p = skills.float(root, a as f64 / n, b as f64 / n);
        bar.inc(1);
        Ok(p)
    };
    let mut found: Vec<Option<Probability>> = vec![None; total];
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads.min(total))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total {
                            return Ok(mine);
                        }
                        match point(i) {
                            Ok(p) => mine.push((i, p)),
                            Err(e) => {
                                // Stop the others: every point fails alike.
                                next.store(total, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                    }
                })
            })
            .collect();
        for w in workers {
            let mine = w.join().map_err(|_| anyhow!("a worker thread panicked"))??;
            for (i, p) in mine {
                found[i] = Some(p);
            }
        }
        Ok(())
    })?;
    Ok(found
        .into_iter()
        .map(|p| p.expect("every point is computed"))
        .collect())
}
