//! The catalog: every built-in game, named by a short spec string.

use super::board::{self, Chomp, Cram, Keying, NodeKayles, OctalGraph};
use super::{
    Divide, Dynamic, GcdGame, GraphGame, Grid, GrundyGame, Nim, OctalGame, Ruleset, ScriptLimits,
    Subtraction, SubtractionSet, UpDown, Wizards, Wythoff,
};
use crate::number::{parse_set, parse_u64};
use crate::{Error, Result};
use std::str::FromStr;

/// A built-in game, parsed from its spec string (`subtract:1,3,4`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// `nim`
    Nim(Nim),
    /// `subtract:…`, `allbut:…`, `powers:a`
    Subtraction(Subtraction),
    /// `octal:0.77`, `kayles`, `dawson-kayles`, `dawson-chess`
    Octal(OctalGame),
    /// `grundy`
    Grundy(GrundyGame),
    /// `divide:2..6`
    Divide(Divide),
    /// `grid:RxU`
    Grid(Grid),
    /// `wizards`
    Wizards(Wizards),
    /// `gcd`
    Gcd(GcdGame),
    /// `wythoff`
    Wythoff(Wythoff),
    /// `updown:S/A/M` (loopy)
    UpDown(UpDown),
    /// `graph:FILE` (loopy; read by [`Game::parse_with`])
    Graph(GraphGame),
    /// Rules defined at run time: `script:FILE.rhai` (compiled by
    /// [`Game::load`]), or any [`super::DynamicRules`].
    Dynamic(Dynamic),
    /// `cram:RxC` or `cram:PICTURE`
    Cram(Cram),
    /// `node-kayles:GRAPH`
    NodeKayles(NodeKayles),
    /// `octal-graph:CODE:GRAPH`
    OctalGraph(OctalGraph),
    /// `chomp:RxC` or `chomp:ROWS`
    Chomp(Chomp),
}

/// Code that works on any ruleset: [`Game::visit`] calls it with the
/// concrete rules, so one generic function serves every game.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Called with the game's rules.
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output;
}

impl Game {
    /// Runs `v` on the concrete rules of this game.
    pub fn visit<V: GameVisitor>(&self, v: V) -> V::Output {
        match self {
            Game::Nim(r) => v.visit(r),
            Game::Subtraction(r) => v.visit(r),
            Game::Octal(r) => v.visit(r),
            Game::Grundy(r) => v.visit(r),
            Game::Divide(r) => v.visit(r),
            Game::Grid(r) => v.visit(r),
            Game::Wizards(r) => v.visit(r),
            Game::Gcd(r) => v.visit(r),
            Game::Wythoff(r) => v.visit(r),
            Game::UpDown(r) => v.visit(r),
            Game::Graph(r) => v.visit(r),
            Game::Dynamic(r) => v.visit(r),
            Game::Cram(r) => v.visit(r),
            Game::NodeKayles(r) => v.visit(r),
            Game::OctalGraph(r) => v.visit(r),
            Game::Chomp(r) => v.visit(r),
        }
    }

    /// This game with its components keyed as `keying` says (games on
    /// boards and graphs; other games are returned as they are).
    pub fn with_keying(self, keying: Keying) -> Game {
        match self {
            Game::Cram(r) => Game::Cram(r.with_keying(keying)),
            Game::NodeKayles(r) => Game::NodeKayles(r.with_keying(keying)),
            Game::OctalGraph(r) => Game::OctalGraph(r.with_keying(keying)),
            Game::Chomp(r) => Game::Chomp(r.with_keying(keying)),
            g => g,
        }
    }

    /// Parses a spec like [`str::parse`], reading the files that a spec
    /// names (`graph:FILE`, `script:FILE`) through `read`, which the front
    /// end supplies (the library does no I/O); scripts run within the
    /// default [`ScriptLimits`]. `read` returns the text or a one-line
    /// reason it could not.
    ///
    /// ```
    /// use sprague::rules::Game;
    /// let g = Game::parse_with("graph:g.txt", &mut |_| Ok("a: b\nb:\n".into())).unwrap();
    /// assert_eq!(g.spec(), "graph:g.txt");
    /// ```
    pub fn parse_with(
        spec: &str,
        read: &mut dyn FnMut(&str) -> std::result::Result<String, String>,
    ) -> Result<Game> {
        Game::load(spec, read, ScriptLimits::default())
    }

    /// [`Game::parse_with`], compiling a `script:FILE` to run within
    /// `limits`.
    ///
    /// ```
    /// use sprague::rules::{Game, ScriptLimits};
    /// let text = "const HEAP = true;\nfn moves(n) { if n > 0 { [n - 1] } else { [] } }";
    /// let g = Game::load("script:chain.rhai", &mut |_| Ok(text.into()), ScriptLimits::default()).unwrap();
    /// assert_eq!(g.spec(), "script:chain.rhai");
    /// ```
    pub fn load(
        spec: &str,
        read: &mut dyn FnMut(&str) -> std::result::Result<String, String>,
        limits: ScriptLimits,
    ) -> Result<Game> {
        Game::load_until(spec, read, limits, &crate::Stop::NEVER)
    }

    /// [`Game::load`], ended with [`Error::Stopped`] soon after `stop` is
    /// stopped: a script's top-level statements, and the parsing of a
    /// large `graph:FILE`.
    pub fn load_until(
        spec: &str,
        read: &mut dyn FnMut(&str) -> std::result::Result<String, String>,
        limits: ScriptLimits,
        stop: &crate::Stop,
    ) -> Result<Game> {
        let trimmed = spec.trim();
        if let Some((name, file)) = trimmed.split_once(':') {
            let kind = name.trim().to_ascii_lowercase();
            if kind == "graph" || kind == "script" {
                let file = file.trim();
                if file.is_empty() {
                    return Err(Error::BadSpec {
                        spec: spec.to_string(),
                        reason: format!(
                            "give the {kind} file, e.g. {kind}:game.{}",
                            if kind == "graph" { "txt" } else { "rhai" }
                        ),
                    });
                }
                let text = read(file).map_err(|reason| Error::BadFile {
                    file: file.to_string(),
                    reason,
                })?;
                if kind == "graph" {
                    return GraphGame::parse_until(file, &text, stop).map(Game::Graph);
                }
                return script_game(spec, file, &text, limits, stop);
            }
            if kind == "node-kayles" || kind == "octal-graph" {
                return graph_game(spec, &kind, file, Some(read));
            }
        }
        spec.parse()
    }

    /// The position the spec names, as the rules write it (`cram:3x4`
    /// names the empty board), where it names one.
    pub fn start_position(&self) -> Option<String> {
        struct Start;
        impl GameVisitor for Start {
            type Output = Option<String>;
            fn visit<R: Ruleset>(self, rules: &R) -> Option<String> {
                rules.start().map(|p| rules.format_position(&p))
            }
        }
        self.visit(Start)
    }

    /// The family of the component keys of a game on a board or graph
    /// (what a memo file of it holds), or `None` for other games.
    pub fn memo_family(&self) -> Option<String> {
        struct Family;
        impl GameVisitor for Family {
            type Output = Option<String>;
            fn visit<R: Ruleset>(self, rules: &R) -> Option<String> {
                rules.splitting().map(|s| s.family())
            }
        }
        self.visit(Family)
    }

    /// The canonical spec of this game.
    pub fn spec(&self) -> String {
        struct Spec;
        impl GameVisitor for Spec {
            type Output = String;
            fn visit<R: Ruleset>(self, rules: &R) -> String {
                rules.spec()
            }
        }
        self.visit(Spec)
    }
}

impl FromStr for Game {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Game> {
        let trimmed = spec.trim();
        let (name, body) = match trimmed.split_once(':') {
            Some((n, b)) => (n.trim().to_ascii_lowercase(), Some(b.trim())),
            None => (trimmed.to_ascii_lowercase(), None),
        };
        let bad = |reason: &str| Error::BadSpec {
            spec: spec.to_string(),
            reason: reason.to_string(),
        };
        let need = |what: &str| body.filter(|b| !b.is_empty()).ok_or_else(|| bad(what));
        let none = || match body {
            Some(_) => Err(bad("this game takes no parameters")),
            None => Ok(()),
        };
        let game = match name.as_str() {
            "nim" => none().map(|_| Game::Nim(Nim))?,
            "subtract" | "sub" | "subtraction" => {
                let set = parse_set(spec, need("give the amounts, e.g. subtract:1,3,4")?, 1)?;
                Game::Subtraction(Subtraction {
                    set: SubtractionSet::Finite(set),
                })
            }
            "allbut" | "all-but" => {
                let set = parse_set(spec, need("give the excluded amounts, e.g. allbut:1,2")?, 1)?;
                Game::Subtraction(Subtraction {
                    set: SubtractionSet::AllBut(set),
                })
            }
            "powers" | "pow" => {
                let a = parse_u64(need("give the base, e.g. powers:4")?).map_err(|r| bad(&r))?;
                if a < 2 {
                    return Err(bad("the base must be at least 2"));
                }
                Game::Subtraction(Subtraction {
                    set: SubtractionSet::Powers(a),
                })
            }
            "octal" => Game::Octal(OctalGame::new(spec, need("give a code, e.g. octal:0.77")?)?),
            "hex" => Game::Octal(OctalGame::new_hex(spec, need("give a code, e.g. hex:0.f")?)?),
            "kayles" => none()
                .and_then(|_| OctalGame::new(spec, "0.77"))
                .map(Game::Octal)?,
            "dawson-kayles" | "dawsons-kayles" => none()
                .and_then(|_| OctalGame::new(spec, "0.07"))
                .map(Game::Octal)?,
            "dawson-chess" | "dawsons-chess" => none()
                .and_then(|_| OctalGame::new(spec, "0.137"))
                .map(Game::Octal)?,
            "grundy" => none().map(|_| Game::Grundy(GrundyGame))?,
            "divide" | "div" => {
                let d = parse_set(spec, need("give the divisors, e.g. divide:2..6")?, 2)?;
                Game::Divide(Divide { divisors: d })
            }
            "grid" => {
                let b = need("give the step limits RIGHTxUP, e.g. grid:2x3")?;
                let (r, u) = b
                    .split_once(['x', 'X'])
                    .ok_or_else(|| bad("write the step limits as RIGHTxUP, e.g. grid:2x3"))?;
                let r = parse_u64(r).map_err(|e| bad(&e))?;
                let u = parse_u64(u).map_err(|e| bad(&e))?;
                if r == 0 || u == 0 {
                    return Err(bad("both step limits must be at least 1"));
                }
                Game::Grid(Grid { right: r, up: u })
            }
            "wizards" => none().map(|_| Game::Wizards(Wizards))?,
            "gcd" => none().map(|_| Game::Gcd(GcdGame))?,
            "wythoff" => none().map(|_| Game::Wythoff(Wythoff))?,
            "updown" | "up-down" => Game::UpDown(UpDown::parse(
                spec,
                need("give TAKE/ADD/MAX, e.g. updown:1,2/3/20")?,
            )?),
            "cram" => Game::Cram(Cram::parse(
                spec,
                need("give the board, e.g. cram:3x4 or cram:..#/...")?,
            )?),
            "chomp" => Game::Chomp(Chomp::parse(
                spec,
                need("give the board, e.g. chomp:3x4 or chomp:5,3,3")?,
            )?),
            "node-kayles" | "octal-graph" => graph_game(
                spec,
                &name,
                need("give the graph, e.g. path:7, cycle:6, grid:3x3 or a file")?,
                None,
            )?,
            "graph" | "script" => return Err(bad(
                "this game is read from its file: this front end cannot read files (use Game::parse_with)",
            )),
            _ if looks_like_code(trimmed) => {
                return Err(bad(&format!(
                    "a bare code names no game: write `octal:{trimmed}` (or `hex:{trimmed}` for a hexadecimal code)"
                )))
            }
            _ => return Err(Error::UnknownGame(trimmed.to_string())),
        };
        Ok(game)
    }
}

/// Whether `text` looks like a take-and-break code written without its
/// game (`0.75`, `.07`, `4.7`), as `survey` takes codes.
fn looks_like_code(text: &str) -> bool {
    text.contains('.')
        && text.chars().all(|c| c == '.' || c.is_ascii_hexdigit())
        && text.matches('.').count() == 1
}

/// `node-kayles:GRAPH` or `octal-graph:CODE:GRAPH`, reading a graph file
/// through `read` where the front end gives one.
fn graph_game(spec: &str, kind: &str, body: &str, read: Option<board::ReadFile<'_>>) -> Result<Game> {
    if kind == "node-kayles" {
        let g = board::graph_from_spec(spec, body, read)?;
        return Ok(Game::NodeKayles(NodeKayles::new(g)));
    }
    let (code, graph) = body.split_once(':').ok_or_else(|| Error::BadSpec {
        spec: spec.to_string(),
        reason: "write octal-graph:CODE:GRAPH, e.g. octal-graph:0.33:path:7".into(),
    })?;
    if !looks_like_code(code) {
        return Err(Error::BadSpec {
            spec: spec.to_string(),
            reason: format!(
                "`{code}` is not a take-and-break code (like 0.137): write octal-graph:CODE:GRAPH, e.g. octal-graph:0.33:path:7"
            ),
        });
    }
    let g = board::graph_from_spec(spec, graph, read)?;
    Ok(Game::OctalGraph(OctalGraph::new(spec, code, g)?))
}

/// One line of `sprague games`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CatalogEntry {
    /// The spec syntax.
    pub syntax: &'static str,
    /// Other names.
    pub aliases: &'static str,
    /// An example command line position.
    pub example: &'static str,
    /// What the game is, in one line.
    pub description: &'static str,
}

/// Every built-in game with its syntax, an example and a description.
pub fn catalog() -> &'static [CatalogEntry] {
    const fn e(
        syntax: &'static str,
        aliases: &'static str,
        example: &'static str,
        description: &'static str,
    ) -> CatalogEntry {
        CatalogEntry {
            syntax,
            aliases,
            example,
            description,
        }
    }
    const CATALOG: &[CatalogEntry] = &[
        e("nim", "", "nim 3 4 5", "take any positive number of tokens from one heap"),
        e("subtract:S", "sub:S", "subtract:1,3,4 10", "take k tokens from a heap, k in S (S like 1,3,4 or 1..3)"),
        e("allbut:S", "all-but:S", "allbut:1,2 10", "take any k ≥ 1 tokens from a heap except k in S"),
        e("powers:A", "pow:A", "powers:4 10", "take a power 1, A, A², … of A tokens from a heap"),
        e("octal:CODE", "", "octal:0.77 20", "octal take-and-break game, Guy–Smith code (0.77, 4.7, 0.137, …)"),
        e("hex:CODE", "", "hex:0.f 20", "hexadecimal take-and-break game: digits 8-f also leave three heaps (0.f, 0.8, c.0, …)"),
        e("kayles", "", "kayles 20", "Kayles, octal 0.77: knock down one or two adjacent pins"),
        e("dawson-kayles", "dawsons-kayles", "dawson-kayles 20", "Dawson's Kayles, octal 0.07: knock down two adjacent pins"),
        e("dawson-chess", "dawsons-chess", "dawson-chess 20", "Dawson's chess, octal 0.137"),
        e("grundy", "", "grundy 20", "Grundy's game: split one heap into two heaps of different sizes"),
        e("divide:D", "div:D", "divide:2..6 17", "replace n by ⌊n/d⌋, d in D (each ≥ 2); a number that reaches 0 is erased"),
        e("grid:RxU", "", "grid:2x3 4,4", "chip at (1,1) of a ROWS,COLS board; move it right 1..R columns or up 1..U rows"),
        e("wizards", "", "wizards 10,21", "numbers a ≤ b: b → b − a^k (k ≥ 1) or b → b mod a; a 0 ends the game"),
        e("gcd", "", "gcd 6,10,15,22,28", "cards, g starts at 0: take a card, g = gcd(g, card); making g = 1 LOSES; no card left loses (not normal play, no sums)"),
        e("wythoff", "", "wythoff 3,5", "two heaps: take any number from one heap, or the same number from both"),
        e("updown:S/A/M", "up-down:S/A/M", "updown:1,2/3/20 7", "LOOPY: take k in S tokens, or add a in A while the heap stays ≤ M; draws possible"),
        e("graph:FILE", "", "graph:game.txt start", "LOOPY: any finite game graph, one line `NAME: F1 F2 …` per position (`#` comments)"),
        e("script:FILE", "", "script:examples/kayles.rhai 20", "your own rules in a Rhai script: fn moves(p) returns the moves (see docs/scripts.md)"),
        e("cram:RxC", "cram:PICTURE", "cram:3x4", "place a domino on two free neighbouring cells; or draw the start, cram:..#/.../... (`.` free, `#` taken); splits into regions"),
        e("node-kayles:GRAPH", "", "node-kayles:path:7", "take a vertex: it and its neighbours go; GRAPH is path:N, cycle:N, grid:RxC or a graph file"),
        e("octal-graph:CODE:GRAPH", "", "octal-graph:0.33:grid:2x3", "octal game on a graph: take k connected vertices leaving i components where digit k has bit 2^i"),
        e("chomp:RxC", "chomp:ROWS", "chomp:3x4", "eat a square and all below and right of it; the poisoned top-left square may not be eaten (or a diagram, chomp:5,3,3); `analyze chomp:3xN` lists three-row P-positions"),
    ];
    CATALOG
}

/// The game of a script's text (feature `scripts`).
#[cfg(feature = "scripts")]
fn script_game(
    _spec: &str,
    file: &str,
    text: &str,
    limits: ScriptLimits,
    stop: &crate::Stop,
) -> Result<Game> {
    let rules = super::ScriptRules::compile_until(file, text, limits, stop)?;
    Ok(Game::Dynamic(Dynamic::new(std::sync::Arc::new(rules))))
}

/// A build without scripts names the feature that runs them.
#[cfg(not(feature = "scripts"))]
fn script_game(
    spec: &str,
    _file: &str,
    _text: &str,
    _limits: ScriptLimits,
    _stop: &crate::Stop,
) -> Result<Game> {
    Err(Error::BadSpec {
        spec: spec.to_string(),
        reason: "this build of sprague runs no scripts (build the library with its `scripts` feature)".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for s in [
            "nim",
            "subtract:1,3,4",
            "allbut:1,2",
            "powers:4",
            "octal:0.77",
            "octal:4.7",
            "grundy",
            "divide:2..6",
            "grid:2x3",
            "wizards",
            "gcd",
            "wythoff",
            "updown:1,2/3/20",
            "updown:1//5",
        ] {
            let g: Game = s.parse().unwrap();
            assert_eq!(g.spec(), s);
            assert_eq!(g.spec().parse::<Game>().unwrap(), g);
        }
        assert_eq!("kayles".parse::<Game>().unwrap().spec(), "octal:0.77");
        assert_eq!("subtract:1,2,3".parse::<Game>().unwrap().spec(), "subtract:1..3");
    }

    #[test]
    fn malformed_specs_name_the_problem() {
        for (s, needle) in [
            ("chess", "unknown game"),
            ("0.75", "write `octal:0.75`"),
            (".07", "`octal:.07`"),
            ("octal:0.78", "`8`"),
            ("subtract:", "give the amounts"),
            ("divide:1,2", "below the minimum 2"),
            ("grid:2", "RIGHTxUP"),
            ("nim:3", "no parameters"),
            ("powers:1", "at least 2"),
        ] {
            let e = s.parse::<Game>().unwrap_err().to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
    }

    #[test]
    fn every_catalog_example_parses() {
        for e in catalog() {
            let mut words = e.example.split_whitespace();
            let spec = words.next().unwrap();
            let text = if spec.starts_with("script:") {
                "fn moves(n) { [] }"
            } else {
                "start: start end\nend:\n"
            };
            let parsed = Game::parse_with(spec, &mut |_| Ok(text.into()));
            // Without the `scripts` feature a script spec is an error, as documented.
            let needs_scripts = spec.starts_with("script:") && !cfg!(feature = "scripts");
            assert_eq!(parsed.is_ok(), !needs_scripts, "{spec}: {parsed:?}");
        }
    }
}
