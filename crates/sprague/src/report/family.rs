//! Tables along one size: the heaps of a heap game, or the members of a
//! family of boards (`cram:3xN`, `node-kayles:path:N`).
//!
//! A spec with `N` in place of one size names a game for each n; its table
//! is the value of each member's start. [`Line::load`] is where that is
//! decided, once, for every front end (`sprague table`, the web page's
//! `POST /api/table`, Python's `Game.table`): they load a [`Line`] and
//! render what [`Line::values`] answers.

use super::{heap_values_tuned, HeapValues, Method, Watch};
use crate::rules::board::{family_member, is_family, Keying, ReadFile};
use crate::rules::{Game, GameVisitor, Ruleset, ScriptLimits};
use crate::solve::components::family_values_into;
use crate::solve::engine::Tuning;
use crate::solve::Limits;
use crate::{Error, Result};

/// What a table g(0..=N) runs along.
#[derive(Clone, Debug)]
pub enum Line {
    /// The heaps 0..=N of a heap game (`kayles`).
    Heaps(Game),
    /// The starts of the members 0..=N of a family of boards (`cram:3xN`).
    Family(BoardFamily),
}

/// A family of games on boards or graphs: a spec with `N` in place of one
/// size ([`crate::rules::board::is_family`]), keyed as [`Keying`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFamily {
    spec: String,
    keying: Keying,
    script: ScriptLimits,
}

impl Line {
    /// Reads `spec`: a family of boards when it has `N` in place of a size,
    /// otherwise a game as [`Game::load`] reads it (files through `read`).
    ///
    /// # Errors
    /// A spec that does not parse; a family whose members are not games on
    /// boards or graphs.
    ///
    /// # Examples
    /// ```
    /// use sprague::report::Line;
    /// use sprague::rules::ScriptLimits;
    ///
    /// let mut no_files = |f: &str| Err(format!("no file {f}"));
    /// let line = Line::load("cram:2xN", &mut no_files, ScriptLimits::default()).unwrap();
    /// let (values, _) = line.values(6, &Default::default(), &mut no_files).unwrap();
    /// assert_eq!(values.into_wide(), vec![0, 1, 0, 1, 0, 1, 0]);
    /// ```
    pub fn load(spec: &str, read: ReadFile, script: ScriptLimits) -> Result<Line> {
        Line::load_until(spec, read, script, &crate::Stop::NEVER)
    }

    /// [`Line::load`], a script's top-level statements ended with
    /// [`Error::Stopped`] soon after `stop` is stopped.
    ///
    /// # Errors
    /// As [`Line::load`], and [`Error::Stopped`].
    pub fn load_until(spec: &str, read: ReadFile, script: ScriptLimits, stop: &crate::Stop) -> Result<Line> {
        if !is_family(spec) {
            return Game::load_until(spec, read, script, stop).map(Line::Heaps);
        }
        let family = BoardFamily {
            spec: spec.trim().to_string(),
            keying: Keying::default(),
            script,
        };
        // The first member says whether the family is one of boards.
        let first = family
            .member(1, read)
            .map_err(|e| crate::rules::board::member_error(&family.spec, 1, e))?;
        if first.memo_family().is_none() {
            return Err(Error::Unsupported(format!(
                "`{}` is not a game on a board or graph: a family (N in the spec) is for those",
                first.spec()
            )));
        }
        Ok(Line::Family(family))
    }

    /// The spec it was read from (a heap game's canonical spec).
    pub fn spec(&self) -> String {
        match self {
            Line::Heaps(g) => g.spec(),
            Line::Family(f) => f.spec.clone(),
        }
    }

    /// g(0..=upto) along it, by the best method: for a heap game
    /// [`super::heap_values_tuned`] (the dense table or the sequence
    /// engine), for a family the component solver on each member's start
    /// ([`BoardFamily::values`]), and past its largest board, for a family
    /// that is a heap game's heaps ([`BoardFamily::heap_game`]), that
    /// game's engine ([`Method::HeapGame`]).
    ///
    /// # Errors
    /// Those of [`super::heap_values_tuned`] and [`BoardFamily::values`].
    pub fn values(&self, upto: u64, how: &LineOptions, read: ReadFile) -> Result<(HeapValues, Method)> {
        self.values_watched(upto, how, read, &mut super::Unwatched)
    }

    /// [`Line::values`] with `watch` called between slices of a heap
    /// game's table (also a family's heap game; on boards a family is
    /// valued member by member, and the library's stop flag ends it).
    ///
    /// # Errors
    /// As [`Line::values`].
    pub fn values_watched(
        &self,
        upto: u64,
        how: &LineOptions,
        read: ReadFile,
        watch: &mut dyn Watch,
    ) -> Result<(HeapValues, Method)> {
        match self {
            Line::Heaps(game) => game_values(game, upto, how, watch),
            Line::Family(f) => {
                // Past its largest board, a family that is a heap game's
                // heaps goes on as that game.
                if let Some((game, _)) = f.heap_game() {
                    if upto > 0 && f.member(upto, read).is_err() {
                        let (values, _) = f.as_heaps(&game, upto, how, read, watch)?;
                        return Ok((values, Method::HeapGame));
                    }
                }
                let values = f.with_keying(how.keying).values(upto, how.limits.clone(), read)?;
                Ok((HeapValues::from_wide(&values), Method::Family))
            }
        }
    }
}

/// g(0..=upto) of a heap game, by its best engine.
fn game_values(
    game: &Game,
    upto: u64,
    how: &LineOptions,
    watch: &mut dyn Watch,
) -> Result<(HeapValues, Method)> {
    struct Job<'a>(u64, &'a LineOptions, &'a mut dyn Watch);
    impl GameVisitor for Job<'_> {
        type Output = Result<(HeapValues, Method)>;
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            heap_values_tuned(rules, self.0, self.1.limits.clone(), self.1.tuning, self.2)
        }
    }
    game.visit(Job(upto, how, watch))
}

/// The members a family that is a heap game's heaps values on their boards
/// as well, to check at run time the theorem it rests on.
pub const BOARDS_CHECKED: u64 = 20;

/// Refuses a table or an analysis of one board or graph (`cram:3x4`),
/// which has no line of values: the error that [`analyze`](super::analyze),
/// [`line_table`](super::line_table), [`grid_table`](super::grid_table),
/// [`heap_values`](super::heap_values) and the exact tables give for one
/// (value it, or write N in place of a size for a family), for a front end
/// that checks before its own checks of sizes and formats.
///
/// # Errors
/// [`Error::Unsupported`] for a game on a board or graph.
///
/// # Examples
/// ```
/// use sprague::report::not_one_board;
/// assert!(not_one_board(&"kayles".parse().unwrap()).is_ok());
/// let e = not_one_board(&"cram:3x4".parse().unwrap()).unwrap_err();
/// assert!(e.to_string().contains("cram:3xN"));
/// ```
pub fn not_one_board(game: &Game) -> Result<()> {
    match game.memo_family() {
        None => Ok(()),
        Some(_) => Err(crate::rules::one_board(&game.spec())),
    }
}

/// How [`Line::values`] computes: the bounds, the sequence engine's tuning
/// (heap games) and the keying of components (families of boards).
#[derive(Clone, Debug)]
pub struct LineOptions {
    /// The bounds on states and work.
    pub limits: Limits,
    /// The sequence engine's threads and vector instructions.
    pub tuning: Tuning,
    /// How a family's components are keyed (the default splits them and
    /// forgets every symmetry).
    pub keying: Keying,
}

impl Default for LineOptions {
    fn default() -> Self {
        LineOptions {
            limits: Limits::default(),
            tuning: Tuning::for_this_machine(),
            keying: Keying::default(),
        }
    }
}

impl BoardFamily {
    /// The heap game whose heap n is this family's member n, and why, where
    /// a theorem says so: Node Kayles on a path of n vertices is Dawson's
    /// chess, heap n of octal 0.137; an octal game on a path of n vertices
    /// is that octal game on a heap of n (a move takes k vertices in a row
    /// and leaves the paths on either side, as it takes k tokens and
    /// leaves heaps); a board or grid one cell wide is a path, and Cram
    /// on it is Dawson's Kayles, octal 0.07. `None` for every other family.
    ///
    /// ```
    /// use sprague::report::Line;
    /// use sprague::rules::ScriptLimits;
    /// let mut no_files = |f: &str| Err(format!("no file {f}"));
    /// let Line::Family(f) = Line::load("node-kayles:path:N", &mut no_files, ScriptLimits::default()).unwrap() else { panic!() };
    /// assert_eq!(f.heap_game().unwrap().0.spec(), "octal:0.137");
    /// ```
    pub fn heap_game(&self) -> Option<(Game, String)> {
        let spec = self.plain_spec();
        let parts: Vec<&str> = spec.split(':').collect();
        let one_wide = |size: &str| size == "1xn" || size == "nx1";
        let (code, why) = match parts.as_slice() {
            ["cram", size] if one_wide(size) => (
                "0.07".to_string(),
                "Cram on a board one cell wide and n long is Dawson's Kayles, heap n of octal 0.07 (a domino takes two neighbouring cells of the row)".to_string(),
            ),
            ["node-kayles", "grid", size] if one_wide(size) => (
                "0.137".to_string(),
                "Node Kayles on a grid one cell wide is Node Kayles on a path, Dawson's chess, heap n of octal 0.137".to_string(),
            ),
            ["octal-graph", code, "grid", size] if one_wide(size) => (
                code.to_string(),
                format!(
                    "octal {code} on a grid one cell wide is octal {code} on a heap of n (k cells in a row taken, the rows on either side left)"
                ),
            ),
            ["node-kayles", "path", "n"] => (
                "0.137".to_string(),
                "Node Kayles on a path of n vertices is Dawson's chess, heap n of octal 0.137".to_string(),
            ),
            ["octal-graph", code, "path", "n"] => (
                code.to_string(),
                format!(
                    "octal {code} on a path of n vertices is octal {code} on a heap of n (k vertices in a row taken, the paths on either side left)"
                ),
            ),
            _ => return None,
        };
        let game: Game = format!("octal:{code}").parse().ok()?;
        Some((game, why))
    }

    /// g(0..=upto) of `game`, the heap game this family is
    /// ([`BoardFamily::heap_game`]), with its first members valued on
    /// their boards as well: an [`Error::Internal`] where one disagrees.
    pub(crate) fn as_heaps(
        &self,
        game: &Game,
        upto: u64,
        how: &LineOptions,
        read: ReadFile,
        watch: &mut dyn Watch,
    ) -> Result<(HeapValues, Method)> {
        let (values, method) = game_values(game, upto, how, watch)?;
        let boards =
            self.with_keying(how.keying)
                .values(upto.min(BOARDS_CHECKED), how.limits.clone(), read)?;
        if let Some(n) = (0..boards.len()).find(|&n| Some(boards[n]) != values.get(n)) {
            return Err(Error::Internal(format!(
                "`{}` at n = {n}: its board is worth {} but heap {n} of `{}` is not",
                self.spec,
                boards[n],
                game.spec(),
            )));
        }
        Ok((values, method))
    }

    /// The error for code asked of a family's analysis (`--emit`): a
    /// family has no evaluator of its own; where it is a heap game's heaps
    /// ([`BoardFamily::heap_game`]), the error names the game to ask.
    pub fn no_evaluator(&self) -> Error {
        let spec = &self.spec;
        Error::Unsupported(match self.heap_game() {
            Some((game, _)) => format!(
                "a family of boards (`{spec}`) has no evaluator to emit: its members are heaps of `{0}`, so emit that game's (`sprague analyze {0} --emit …`)",
                game.spec()
            ),
            None => format!("a family of boards (`{spec}`) has no evaluator to emit: only heap games proven periodic have one"),
        })
    }

    /// The error for misère play asked along a family (a table or an
    /// analysis): a family is valued in normal play only; one board's
    /// misère play is valued position by position.
    pub fn no_misere(&self) -> Error {
        Error::Unsupported(format!(
            "a family of boards (`{}`) is tabulated and analysed in normal play only: value one board's misère play instead (`{}`)",
            self.spec,
            family_member(&self.spec, 5)
        ))
    }

    /// The error for a table along a family of anything but Grundy values
    /// in normal play (`asked`: what was asked, in the front end's words,
    /// like `--remoteness`): those are valued one board at a time.
    pub fn grundy_only(&self, asked: &str) -> Error {
        Error::Unsupported(format!(
            "a family of boards (`{}`) is tabulated by its Grundy values in normal play only, not {asked}: ask one board for that (`{}`)",
            self.spec,
            family_member(&self.spec, 5)
        ))
    }

    /// The error for two sizes asked along a family (`--upto 20,5`; `asked`
    /// is what was given, in the front end's words): a family varies one
    /// size, N, so its table and analysis go up to one number.
    pub fn no_second_size(&self, asked: &str) -> Error {
        Error::Unsupported(format!(
            "a family of boards (`{}`) varies one size, N: give one number to go up to, not {asked}",
            self.spec
        ))
    }

    /// The family's spec (`cram:3xN`).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Whether it is three-row Chomp along its first row (`chomp:3xN`),
    /// whose analysis is the list of its P-positions
    /// ([`crate::solve::by_third_row`]).
    pub fn is_three_row_chomp(&self) -> bool {
        self.plain_spec() == "chomp:3xn"
    }

    /// Whether it is Cram on boards two cells wide (`cram:2xN`, `cram:Nx2`).
    pub(crate) fn is_two_wide_cram(&self) -> bool {
        matches!(self.plain_spec().as_str(), "cram:2xn" | "cram:nx2")
    }

    /// The spec as the checks above compare it: no spaces, lower case
    /// (names are read without regard to case, as `Game` reads them).
    fn plain_spec(&self) -> String {
        self.spec
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase()
    }

    /// This family with its components keyed as `keying` says.
    pub fn with_keying(&self, keying: Keying) -> BoardFamily {
        BoardFamily {
            keying,
            ..self.clone()
        }
    }

    /// The member n (`cram:3x5` of `cram:3xN`), keyed as the family is.
    ///
    /// # Errors
    /// A member that does not parse (past the largest board, a graph with
    /// no vertex).
    pub fn member(&self, n: u64, read: ReadFile) -> Result<Game> {
        Game::load(&family_member(&self.spec, n), read, self.script).map(|g| g.with_keying(self.keying))
    }

    /// The values of the starts of the members 0..=upto, each valued on
    /// the family's process-wide memo
    /// ([`crate::solve::shared_memo`], which a front end may
    /// fill from a memo file first and write out after).
    ///
    /// # Errors
    /// A member that does not parse, or a bound of `limits`.
    pub fn values(&self, upto: u64, limits: Limits, read: ReadFile) -> Result<Vec<u32>> {
        match self.values_to_bound(upto, limits, read)? {
            (values, None) => Ok(values),
            (_, Some(e)) => Err(e),
        }
    }

    /// [`BoardFamily::values`], where a bound of `limits` (states, steps,
    /// memory, the stop flag) ends the line at the member it stopped in:
    /// the values before it, and the bound's error.
    ///
    /// # Errors
    /// A member that does not parse.
    pub fn values_to_bound(
        &self,
        upto: u64,
        limits: Limits,
        read: ReadFile,
    ) -> Result<(Vec<u32>, Option<Error>)> {
        let mut load =
            |member: &str| Game::load(member, read, self.script).map(|g| g.with_keying(self.keying));
        // The last member read first: a family past its largest board
        // fails at once, not after valuing the others; the error names
        // the first member that is no game (looked for among the first
        // few thousand: reading one is cheap, valuing it is not).
        if upto > 0 {
            if let Err(e) = load(&family_member(&self.spec, upto)) {
                let first = (1..upto.min(4096))
                    .find_map(|n| load(&family_member(&self.spec, n)).err().map(|e| (n, e)));
                let (n, e) = first.unwrap_or((upto, e));
                return Err(crate::rules::board::member_error(&self.spec, n, e));
            }
        }
        let mut values = Vec::new();
        match family_values_into(&self.spec, upto, limits, &mut load, &mut values) {
            Ok(()) => Ok((values, None)),
            Err(
                e @ (Error::LimitExceeded { .. }
                | Error::WorkExceeded { .. }
                | Error::OutOfMemory(_)
                | Error::Stopped),
            ) => Ok((values, Some(e))),
            Err(e) => Err(e),
        }
    }
}
