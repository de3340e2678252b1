//! The stateless endpoints: `value`, `table`, `analyze`, `solve` and the
//! lists of games and problems. Each reads a JSON body into a request type
//! (unknown fields refused, sizes bounded), runs the library off the async
//! threads and answers with the library's report type.

use crate::client::Client;
use crate::error::ApiError;
use crate::work::Cost;
use crate::Shared;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use sprague::pattern::Language;
use sprague::query::Query;
use sprague::report::{self, AnalyzeReport, ExactKind, Line, LineOptions};
use sprague::rules::{Game, GameVisitor, Ruleset, ScriptLimits};
use sprague::solve::Skill;
use sprague::solve::{Limits, Play};

/// The longest spec accepted, in characters.
const MAX_SPEC: usize = 200;
/// The most components in a sum.
pub(crate) const MAX_POSITIONS: usize = 64;
/// The longest position text accepted, in characters.
const MAX_POSITION: usize = 100;
/// The longest line table served: g(0..=N) for N up to this.
const MAX_LINE: u64 = 1_000_000;
/// The largest coordinate of a grid table or a pair analysis.
const MAX_GRID_SIDE: u64 = 1000;
/// The most cells of a grid table.
const MAX_GRID_CELLS: u64 = 250_000;
/// The most moves listed in a value report.
const MAX_MOVES: usize = 1000;
/// The most values a table may have and still be tried in the light lane.
const LIGHT_VALUES: u64 = 10_000;
/// The longest contest input tried in the light lane, in bytes.
const LIGHT_INPUT: usize = 4096;

/// A JSON body, or the 4xx that says what is wrong with it.
pub(crate) fn body<T>(json: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    json.map(|Json(t)| t).map_err(|e| {
        let status = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            e.status()
        } else {
            StatusCode::BAD_REQUEST
        };
        ApiError::new(status, format!("bad request body: {}", e.body_text()))
    })
}

/// A position as JSON: a number (`7`) or text (`"3,4"`). Anything else
/// (a negative or fractional number, `true`, a list) is kept as it came,
/// so that it is refused with words for people, not serde's "did not
/// match any variant".
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum PositionText {
    /// A whole number.
    Number(u64),
    /// Text as the rules read it.
    Text(String),
    /// Any other JSON value, refused by [`positions`].
    Other(serde_json::Value),
}

/// The positions of a request as text, bounded in number and length.
pub(crate) fn positions(list: Vec<PositionText>) -> Result<Vec<String>, ApiError> {
    if list.is_empty() {
        return Err(ApiError::bad("`positions` is empty: give at least one position"));
    }
    if list.len() > MAX_POSITIONS {
        return Err(ApiError::bad(format!(
            "`positions` has {} components; at most {MAX_POSITIONS}",
            list.len()
        )));
    }
    list.into_iter()
        .map(|p| match p {
            PositionText::Number(n) => Ok(n.to_string()),
            PositionText::Text(t) if t.chars().count() > MAX_POSITION => Err(ApiError::bad(format!(
                "position `{}` is longer than {MAX_POSITION} characters",
                sprague::excerpt(&t)
            ))),
            PositionText::Text(t) => Ok(t),
            PositionText::Other(v) => Err(ApiError::bad(other_position(&v))),
        })
        .collect()
}

/// Why a JSON value that is neither a whole number nor text is no
/// position, in the words the CLI uses for the same text.
fn other_position(v: &serde_json::Value) -> String {
    let shown = sprague::excerpt(&v.to_string());
    match v {
        serde_json::Value::Number(n) if n.as_i64().is_some_and(|i| i < 0) => {
            format!("bad position `{shown}`: expected a non-negative number")
        }
        serde_json::Value::Number(n) if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f > 0.0) => {
            format!(
                "bad position `{shown}`: `{shown}` is larger than the largest supported value {}",
                u64::MAX
            )
        }
        serde_json::Value::Number(_) => format!("bad position `{shown}`: `{shown}` is not a whole number"),
        _ => {
            format!("bad position `{shown}`: give a position as a whole number (`7`) or as text (`\"3,4\"`)")
        }
    }
}

/// The game a request names: a catalog spec, or `script:NAME` (or
/// `graph:NAME`) with the file's text in `text`. Nothing is read from disk.
pub(crate) fn load_game(spec: &str, text: Option<&str>, limits: ScriptLimits) -> Result<Game, ApiError> {
    check_spec(spec)?;
    Ok(Game::load(spec, &mut script_text(text), limits)?)
}

/// What a table runs along, as the library decides it (a family of boards
/// such as `cram:3xN`, or the game), read as [`load_game`] reads a game.
fn load_line(spec: &str, text: Option<&str>, limits: ScriptLimits) -> Result<Line, ApiError> {
    check_spec(spec)?;
    Ok(Line::load(spec, &mut script_text(text), limits)?)
}

/// A spec no longer than [`MAX_SPEC`].
fn check_spec(spec: &str) -> Result<(), ApiError> {
    if spec.chars().count() > MAX_SPEC {
        return Err(ApiError::bad(format!(
            "spec `{}` is longer than {MAX_SPEC} characters",
            sprague::excerpt(spec)
        )));
    }
    Ok(())
}

/// The reader of the files a spec names: the request's `script` text, or
/// an error (the server reads no files).
fn script_text(text: Option<&str>) -> impl FnMut(&str) -> Result<String, String> + '_ {
    move |name: &str| match text {
        Some(t) => Ok(t.to_string()),
        None => Err(format!(
            "the server reads no files: send the text of `{}` in the `script` field",
            sprague::excerpt(name)
        )),
    }
}

/// `GET /api/games`: the catalog, as `sprague games --json`.
pub(crate) async fn games() -> Response {
    Json(sprague::rules::catalog()).into_response()
}

/// One contest problem, as `sprague solve --list` shows it.
#[derive(Serialize)]
struct ProblemOut {
    name: &'static str,
    summary: &'static str,
    source: &'static str,
    game: &'static str,
}

/// `GET /api/problems`: the contest problems `solve` knows.
pub(crate) async fn problems() -> Response {
    let list: Vec<ProblemOut> = sprague::report::problems::problems()
        .iter()
        .map(|p| ProblemOut {
            name: p.name,
            summary: p.summary,
            source: p.source,
            game: p.game,
        })
        .collect();
    Json(list).into_response()
}

/// `POST /api/value`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ValueRequest {
    spec: String,
    #[serde(default)]
    script: Option<String>,
    positions: Vec<PositionText>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    random: bool,
    #[serde(default)]
    max_moves: Option<usize>,
}

/// `POST /api/value`: as `sprague value SPEC POSITIONS… --json`.
pub(crate) async fn value(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<ValueRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let key = r.script.is_none().then(|| crate::work::fingerprint(&r));
    let positions = positions(r.positions)?;
    let max_moves = match r.max_moves {
        None => 100,
        Some(k @ 0..=MAX_MOVES) => k,
        Some(k) => {
            return Err(ApiError::bad(format!(
                "`max_moves` {k} is out of range: give 0 to {MAX_MOVES}"
            )))
        }
    };
    // Random play builds the whole graph of sums; scripts may be slow.
    let cost = if r.random || r.script.is_some() {
        Cost::Heavy
    } else {
        Cost::Light(key)
    };
    let script_limits = s.config.script_limits;
    s.work
        .run(&client, cost, move |budget| {
            let query = Query {
                play: if r.misere { Play::Misere } else { Play::Normal },
                skill: r.random.then(Skill::random),
                limits: budget.limits,
                max_moves,
                ..Query::default()
            };
            let game = load_game(&r.spec, r.script.as_deref(), script_limits)?;
            let report = report::value_report(&game, &positions, &query, false)?;
            Ok(Json(report).into_response())
        })
        .await
}

/// How far a table or an analysis goes: `N` for a heap game, `[N, M]` for
/// a pair game.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum Upto {
    /// g(0..=N).
    Line(u64),
    /// g(x, y) for x ≤ N, y ≤ M.
    Grid([u64; 2]),
}

impl Upto {
    /// How many values the table has.
    fn values(self) -> u64 {
        match self {
            Upto::Line(n) => n.saturating_add(1),
            Upto::Grid([n, m]) => n.saturating_add(1).saturating_mul(m.saturating_add(1)),
        }
    }
}

/// `POST /api/table`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TableRequest {
    spec: String,
    #[serde(default)]
    script: Option<String>,
    upto: Upto,
    /// `misere`, `genus`, `remoteness` or `generalized` (the values of
    /// `sprague table --misere`, `--genus`, `--remoteness` or of a loopy
    /// game); absent: Grundy values (generalised values for a loopy game).
    #[serde(default)]
    kind: Option<ExactKind>,
    /// Remoteness under misère play.
    #[serde(default)]
    misere: bool,
}

/// `POST /api/table`: as `sprague table SPEC --upto N --json`.
pub(crate) async fn table(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<TableRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let key = r.script.is_none().then(|| crate::work::fingerprint(&r));
    match r.upto {
        Upto::Line(n) if n > MAX_LINE => {
            return Err(ApiError::bad(format!(
                "`upto` {n} is past the page's limit of {MAX_LINE}: use `sprague table` for longer tables"
            )))
        }
        Upto::Grid([n, m]) => grid_bounds(n, m)?,
        Upto::Line(_) => {}
    }
    let cost = if r.script.is_some() || r.upto.values() > LIGHT_VALUES {
        Cost::Heavy
    } else {
        Cost::Light(key)
    };
    let script_limits = s.config.script_limits;
    s.work
        .run(&client, cost, move |budget| {
            let game = match load_line(&r.spec, r.script.as_deref(), script_limits)? {
                Line::Heaps(game) => game,
                Line::Family(family) => return family_table(family, &r, budget.limits),
            };
            let play = if r.misere { Play::Misere } else { Play::Normal };
            // `misere` alone asks for misère values, as `table --misere`.
            let kind = match (r.kind, r.misere) {
                (None, true) => Some(ExactKind::Misere),
                (kind, _) => kind,
            };
            game.visit(TableJob {
                upto: r.upto,
                kind,
                play,
                limits: budget.limits,
            })
        })
        .await
}

/// The table of a family of boards (`cram:3xN`): the library's values
/// along it, as `sprague table FAMILY --upto N --json` prints them.
fn family_table(family: report::BoardFamily, r: &TableRequest, limits: Limits) -> Result<Response, ApiError> {
    let spec = family.spec().to_string();
    let n = match r.upto {
        Upto::Line(n) if r.kind.is_none() && !r.misere => n,
        Upto::Line(_) => {
            let asked = match r.kind {
                Some(kind) => format!("`kind` \"{}\"", kind.name()),
                None => "`misere`".to_string(),
            };
            return Err(family.grundy_only(&asked).into());
        }
        Upto::Grid([n, m]) => return Err(family.no_second_size(&format!("`upto` [{n}, {m}]")).into()),
    };
    let how = LineOptions {
        limits,
        ..LineOptions::default()
    };
    let (values, _) = Line::Family(family).values(n, &how, &mut script_text(r.script.as_deref()))?;
    Ok(Json(report::LineTable {
        spec,
        values: values.into_wide().into(),
    })
    .into_response())
}

fn grid_bounds(n: u64, m: u64) -> Result<(), ApiError> {
    if n > MAX_GRID_SIDE || m > MAX_GRID_SIDE || (n + 1) * (m + 1) > MAX_GRID_CELLS {
        return Err(ApiError::bad(format!(
            "`upto` [{n}, {m}] is past the page's limit ({MAX_GRID_SIDE} a side, {MAX_GRID_CELLS} cells)"
        )));
    }
    Ok(())
}

/// A grid table with what the rules call its two numbers (`axes`: the
/// first across, the second up), so that the page names its heat map's
/// axes as the game does.
#[derive(Serialize)]
struct Grid<T> {
    #[serde(flatten)]
    table: T,
    axes: [&'static str; 2],
}

struct TableJob {
    upto: Upto,
    kind: Option<ExactKind>,
    play: Play,
    limits: Limits,
}

impl GameVisitor for TableJob {
    type Output = Result<Response, ApiError>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let exact = match self.kind {
            Some(kind) => Some(kind),
            None if rules.may_loop() => Some(ExactKind::Generalized),
            None => None,
        };
        let axes = rules.pair_names();
        if let Some(kind) = exact {
            return Ok(match self.upto {
                Upto::Line(n) => {
                    // What a bound leaves of a line is shown, with where
                    // and why it stopped (as `sprague table --misere`).
                    // A bound keeps the heaps before it (`stopped_at`, `stopped`).
                    let (table, _) =
                        report::exact_table_to_bound(rules, (n, None), kind, self.play, self.limits)?;
                    Json(table).into_response()
                }
                Upto::Grid([n, m]) => Json(Grid {
                    table: report::exact_table(rules, (n, Some(m)), kind, self.play, self.limits)?,
                    axes,
                })
                .into_response(),
            });
        }
        Ok(match self.upto {
            Upto::Line(n) => Json(report::line_table(rules, n, self.limits)?).into_response(),
            Upto::Grid([n, m]) => Json(Grid {
                table: report::grid_table(rules, n, m, self.limits)?,
                axes,
            })
            .into_response(),
        })
    }
}

/// `POST /api/analyze`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalyzeRequest {
    pub(crate) spec: String,
    #[serde(default)]
    pub(crate) script: Option<String>,
    #[serde(default)]
    pub(crate) upto: Option<Upto>,
    /// `rust`, `cpp` or `python`: also write the proven pattern as code.
    #[serde(default)]
    pub(crate) emit: Option<String>,
    /// The misère quotient instead (`analyze --misere`), see `quotient`.
    #[serde(default)]
    pub(crate) misere: bool,
    /// With `misere`: the most elements a candidate quotient may have.
    #[serde(default)]
    pub(crate) max_order: Option<usize>,
}

/// The answer of `/api/analyze`: the keys of `sprague analyze --json`,
/// the proven pattern in a line, and the code asked for with `emit`.
#[derive(Serialize)]
struct AnalyzeOut {
    #[serde(flatten)]
    report: AnalyzeReport,
    proven: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<String>,
}

/// `POST /api/analyze`: as `sprague analyze SPEC --json` (and `--emit`).
pub(crate) async fn analyze(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<AnalyzeRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    if r.misere || r.max_order.is_some() {
        if let Ok(Line::Family(family)) = load_line(&r.spec, None, s.config.script_limits) {
            // As `sprague analyze FAMILY --misere`.
            return Err(family.no_misere().into());
        }
        return crate::quotient::analyze(s, client, r).await;
    }
    let key = r.script.is_none().then(|| crate::work::fingerprint(&r));
    let lang = match r.emit.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("rust") => Some(Language::Rust),
        Some("cpp" | "c++") => Some(Language::Cpp),
        Some("python") => Some(Language::Python),
        Some(other) => {
            return Err(ApiError::bad(format!(
                "bad `emit` `{}`: give rust, cpp or python",
                sprague::excerpt(other)
            )))
        }
    };
    let upto = match r.upto {
        Some(Upto::Line(n)) if n > MAX_LINE => {
            return Err(ApiError::bad(format!(
                "`upto` {n} is past the page's limit of {MAX_LINE}"
            )))
        }
        Some(Upto::Line(n)) => Some((n, None)),
        Some(Upto::Grid([n, m])) => {
            grid_bounds(n, m)?;
            Some((n, Some(m)))
        }
        None => None,
    };
    // Without `upto` the analysis runs as far as its proof needs.
    let cost = match r.upto {
        Some(u) if r.script.is_none() && u.values() <= LIGHT_VALUES => Cost::Light(key),
        _ => Cost::Heavy,
    };
    let script_limits = s.config.script_limits;
    s.work
        .run(&client, cost, move |budget| {
            let game = match load_line(&r.spec, r.script.as_deref(), script_limits)? {
                Line::Heaps(game) => game,
                Line::Family(family) => return family_analysis(&family, &r, upto, lang, budget.limits),
            };
            let report = report::analyze(&game, upto, budget.limits)?;
            let proven = report.proof.as_ref().map(|p| p.summary());
            let code = match (lang, &report.proof) {
                (Some(lang), Some(p)) => {
                    let comment = format!("g(n) of {}: {}.", report.spec, p.summary());
                    Some(p.evaluator.emit(lang, &comment))
                }
                (Some(_), None) => {
                    return Err(ApiError::bad(format!(
                        "no proven pattern for `{}` in g(0..={}): nothing to emit",
                        report.spec, report.checked_upto
                    )))
                }
                _ => None,
            };
            Ok(Json(AnalyzeOut { report, proven, code }).into_response())
        })
        .await
}

/// The analysis of a family of boards (`node-kayles:path:N`): the
/// library's [`report::family_report`], as `sprague analyze FAMILY --json`
/// prints it.
fn family_analysis(
    family: &report::BoardFamily,
    r: &AnalyzeRequest,
    upto: Option<(u64, Option<u64>)>,
    lang: Option<Language>,
    limits: Limits,
) -> Result<Response, ApiError> {
    if lang.is_some() {
        return Err(family.no_evaluator().into());
    }
    let upto = match upto {
        None => None,
        Some((n, None)) => Some(n),
        Some((n, Some(m))) => return Err(family.no_second_size(&format!("`upto` [{n}, {m}]")).into()),
    };
    let report = report::family_report(family, upto, limits, &mut script_text(r.script.as_deref()))?;
    Ok(Json(report).into_response())
}

/// `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolveRequest {
    problem: String,
    input: String,
    #[serde(default)]
    explain: bool,
}

/// `POST /api/solve`: `{"problem", "output"}`, the output exactly as
/// `sprague solve PROBLEM < input` prints it. Bad input is a 400 whose
/// `output` holds the answers before the bad line.
pub(crate) async fn solve(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<SolveRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let key = (r.input.len() <= LIGHT_INPUT).then(|| crate::work::fingerprint(&r));
    let problem = sprague::report::problems::find(&r.problem)?;
    let cost = if r.input.len() <= LIGHT_INPUT {
        Cost::Light(key)
    } else {
        Cost::Heavy
    };
    s.work
        .run(&client, cost, move |_| {
            let mut text = String::new();
            let result = {
                let mut output = sprague::report::problems::Output::new(r.explain, |line: &str| {
                    text.push_str(line);
                    text.push('\n');
                    true
                });
                (problem.solve)(r.input.as_bytes(), &mut output)
            };
            let (status, v) = match result {
                Ok(()) => (
                    StatusCode::OK,
                    serde_json::json!({ "problem": problem.name, "output": text }),
                ),
                Err(e) => (
                    StatusCode::BAD_REQUEST,
                    serde_json::json!({ "problem": problem.name, "output": text, "error": e.to_string() }),
                ),
            };
            Ok((status, Json(v)).into_response())
        })
        .await
}
