//! The command line, parsed by clap into plain argument structs.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Impartial combinatorial games: who wins, which moves win, Grundy values.
///
/// Name a game with a spec (`nim`, `subtract:1,3,4`, `octal:0.77`,
/// `divide:2..6`, `grid:2x3`, …; `sprague games` lists them all) and give
/// positions the way the catalog shows.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Who wins a position (or a sum of positions), its Grundy value, and every winning move.
    #[command(
        after_help = "Examples:\n  sprague value nim 3 4 5\n  sprague value nim 1 1 5 --misere          (the last mover loses)\n  sprague value kayles 4 5 --random          (both players move at random)\n  sprague value kayles 4 5 --skill 0.5       (each plays perfectly half the time)\n  sprague value updown:1,2/3/20 7 9          (a loopy game: draws are possible)\n  sprague value divide:2..6 3 4\n  sprague value grid:2x3 4,4\n  sprague value gcd 6,10,15,22,28 --json"
    )]
    Value(ValueArgs),
    /// Grundy values g(0..=N) of a heap game, or a 2-D table with --upto N,M.
    #[command(
        after_help = "Examples:\n  sprague table kayles --upto 100\n  sprague table kayles --upto 30 --misere       (misère Grundy values g⁻)\n  sprague table dawson-kayles --upto 20 --genus\n  sprague table subtract:1,3,4 --upto 40 --remoteness\n  sprague table updown:1,2/3/20 --upto 20       (a loopy game: generalised values)\n  sprague table grid:2x3 --upto 8,8\n  sprague table grundy --upto 20 --json\n  sprague table octal:0.16 --upto 10^8 --summary          (stops at the proven period)\n  sprague table grundy --upto 2^28 --checkpoint g.ckpt   (resumable: re-run after a crash)"
    )]
    Table(TableArgs),
    /// List every built-in game with its syntax, an example and a description.
    Games(GamesArgs),
    /// Find the pattern in a game's values, prove it where theory allows, emit a closed form.
    #[command(
        after_help = "Examples:\n  sprague analyze kayles\n  sprague analyze divide:2..6 --json\n  sprague analyze subtract:1,3,4 --emit cpp\n  sprague analyze grid:2x3 --upto 24,24\n  sprague analyze octal:0.75 --misere --upto 12"
    )]
    Analyze(AnalyzeArgs),
    /// Plot a game's values against n, a 2-D game as a heat map, or a position's win chance against skill (SVG or PNG).
    #[command(
        after_help = "Examples:\n  sprague plot kayles --upto 200 -o kayles.svg\n  sprague plot divide:2..6 --upto 100000 -o fdiv.png\n  sprague plot grid:2x3 --upto 8,8 -o grid.png\n  sprague plot kayles 4 5 --skill-curve -o skill.png   (win chance against skill: both players equal, and apart)\n  sprague plot nim 1 1 5 --skill-curve --misere -o skill.svg"
    )]
    Plot(PlotArgs),
    /// Solve a contest problem: contest input on stdin, exact contest output on stdout.
    #[command(
        after_help = "Examples:\n  sprague solve --list\n  printf '2\\n2\\n3 4\\n3\\n1 3 5\\n' | sprague solve fdivgame\n  sprague solve seagm --explain < seagm.in"
    )]
    Solve(SolveArgs),
    /// Play a game against the computer: a terminal UI, or plain lines when piped.
    #[command(
        long_about = "Play a game against the computer.\n\nOn a terminal: the position drawn the way the game looks, the numbered legal moves, the history and a value-history strip. Keys: arrows or a move number pick a move, Enter plays it; `:` starts typing a move by its label (`take 2 from heap 3`) or the position it leaves; `?` shows hints (each move coloured win, loss or draw, with its remoteness); `u` undo, `r` redo, `n` new game, `d` offer a draw (loopy games), `q` quit.\n\nWhen stdin or stdout is not a terminal (or with --lines or --json): line mode. The position and the numbered moves are printed, and one move is read per line (a number, a label, or the resulting position); `hint`, `hints`, `undo`, `redo`, `new`, `draw`, `moves`, `help` and `quit` work too. A bad line gets a one-line `error:` and the prompt again. The last line of a finished game is `winner: you`, `winner: computer` or `draw`; end of input ends the session (exit 0).",
        after_help = "Examples:\n  sprague play kayles 5 4\n  sprague play nim 3 4 5 --misere --first computer\n  sprague play grid:2x3 6,7 --hints\n  sprague play updown:1,2/3/20 7 --opponent fallible:0.3 --seed 7\n  printf '1\\nhint\\nundo\\n' | sprague play kayles 5 4 --seed 1"
    )]
    Play(PlayArgs),
    /// Serve a local web page to play, explore tables and plots, and read the patterns.
    #[command(
        after_help = "Examples:\n  sprague serve                 (http://127.0.0.1:8080/)\n  sprague serve --port 0 --open (any free port, opened in the browser)\n  curl -s localhost:8080/api/value -d '{\"spec\":\"kayles\",\"positions\":[7,11]}' -H 'content-type: application/json'"
    )]
    Serve(ServeArgs),
    /// Run many octal or hexadecimal codes through the sequence engine, one JSON line each (resumable), or print a survey's table.
    #[command(
        long_about = "Run many octal or hexadecimal codes through the sequence engine on every core, each to --upto N on one thread and stopped as soon as its period is proven, and append one JSON line per code to --out as each finishes: code, status (trivial, proven, observed, open), preperiod, period, computed_to, max_value, mask, rare, seconds, upto (see docs/surveys.md).\n\nRunning the same command again resumes: codes already in the file are skipped and a torn last line (a survey killed while writing it) is dropped. With --report FILE it prints the table a paper prints instead.",
        after_help = "Examples:\n  sprague survey 0.77 0.07 0.137 --upto 10^5 --out known.jsonl\n  sprague survey --digits 3 --upto 10^5 --out three.jsonl      (every octal code 0.d1d2d3)\n  sprague survey --digits 2 --hex --upto 10^5 --out hex2.jsonl  (hexadecimal codes too)\n  sprague survey --file codes.txt --upto 10^6 --out s.jsonl --jobs 2\n  sprague survey --report three.jsonl                           (Markdown table)\n  sprague survey --report three.jsonl --format csv -o three.csv"
    )]
    Survey(SurveyArgs),
}

/// Bounds shared by every computing subcommand.
#[derive(Debug, Clone, Copy, Args)]
pub struct LimitArgs {
    /// The most positions a search may remember (and table entries it may hold); 10^8 and 2^27 work too.
    #[arg(long, value_name = "N", default_value_t = sprague::solve::Limits::default().max_states,
          value_parser = sprague::rules::parse_u64, allow_hyphen_values = true)]
    pub max_states: u64,
    /// The most steps a computation may take (moves listed, option values looked at; ~10^9 a second on heaps, a few million a second on boards and graphs).
    #[arg(long, value_name = "N", default_value_t = sprague::solve::Limits::default().max_work,
          value_parser = sprague::rules::parse_u64, allow_hyphen_values = true)]
    pub max_work: u64,
    /// Scripted rules (`script:FILE`): the most operations one call of the script may take.
    #[arg(long, value_name = "N", default_value_t = sprague::rules::ScriptLimits::default().ops)]
    pub script_ops: u64,
    /// Scripted rules: the deepest the script's function calls may nest (at most 256).
    #[arg(long, value_name = "N", default_value_t = sprague::rules::ScriptLimits::default().depth as u64,
          value_parser = clap::value_parser!(u64).range(1..=sprague::rules::MAX_SCRIPT_DEPTH as u64))]
    pub script_depth: u64,
    /// Scripted rules: the most characters in a string, and elements in an array or map, of the script.
    #[arg(long, value_name = "N", default_value_t = sprague::rules::ScriptLimits::default().size)]
    pub script_size: usize,
    /// Scripted rules: the most seconds one call of the script may take.
    #[arg(long, value_name = "SECS", default_value_t = sprague::rules::ScriptLimits::default().seconds)]
    pub script_seconds: u64,
}

impl LimitArgs {
    /// The bounds on each call of a script.
    pub fn script_limits(self) -> sprague::rules::ScriptLimits {
        sprague::rules::ScriptLimits {
            ops: self.script_ops,
            depth: self.script_depth as usize,
            size: self.script_size,
            seconds: self.script_seconds,
        }
    }

    /// The library's limits.
    pub fn limits(self) -> sprague::solve::Limits {
        sprague::solve::Limits {
            max_states: self.max_states,
            max_work: self.max_work,
            ..sprague::solve::Limits::default()
        }
    }
}

/// `sprague value`.
#[derive(Debug, Args)]
pub struct ValueArgs {
    /// The game, e.g. `nim`, `subtract:1,3,4`, `divide:2..6` (see `sprague games`).
    pub spec: String,
    /// One or more positions; several form a sum (e.g. `3 4 5` for Nim heaps).
    /// None: the position the spec names (`cram:3x4`, `chomp:3x5`).
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub board: BoardArgs,
    /// List at most K winning moves (the total is always given).
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub max_moves: usize,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Also give the probability that the player to move wins when both
    /// players pick uniformly at random among the legal moves (exact where
    /// it fits the bounds).
    #[arg(long)]
    pub random: bool,
    /// Also give the probability that the player to move wins when each
    /// player makes the perfect move with probability P (the fastest win,
    /// else the slowest loss) and a random move otherwise; `P,Q` gives the
    /// player to move skill P and the opponent Q. 0 is --random.
    #[arg(long, value_name = "P[,Q]", conflicts_with = "random")]
    pub skill: Option<String>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Games on boards and graphs: the memo of component values and how
/// components are keyed.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// Games on boards and graphs: read the component values saved in FILE
    /// (when it exists) before computing, and write them all back after (a
    /// solved-positions database) — also when the search ends at a bound or
    /// is interrupted (Ctrl-C), so that the same command resumes from them.
    #[arg(long, value_name = "FILE")]
    pub memo: Option<PathBuf>,
    /// With --memo: write the solved shapes to FILE also every SECONDS
    /// while the search runs, so that a run killed or out of memory loses
    /// at most that much work (0: only at the end).
    #[arg(long, value_name = "SECONDS", default_value_t = 600, requires = "memo")]
    pub memo_every: u64,
    /// Games on boards and graphs: how components are keyed: split+full
    /// (regions apart, up to the board's symmetries or graph isomorphism;
    /// the default), split+translate, whole+full, whole+none (no splitting,
    /// no symmetry): to measure what each buys.
    #[arg(long, value_name = "HOW", default_value = "split+full")]
    pub keying: sprague::rules::Keying,
}

/// `sprague table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The game (see `sprague games`); a game on a board or graph with N
    /// in place of one size (`cram:3xN`, `node-kayles:path:N`) tabulates
    /// the family's starts for N = 0..=upto.
    pub spec: String,
    /// The last heap N, or N,M for a 2-D table of games on two numbers
    /// (a number may be written 1_000_000 or as a power, 2^28 or 10^6).
    /// Octal codes and Grundy's game go to the fast sequence engine from
    /// N = 100000 on, or with any of the long-run options below.
    #[arg(long, value_name = "N | N,M", allow_hyphen_values = true)]
    pub upto: String,
    /// Print JSON: {"values": [...]} or {"rows": [[...], ...]}; for a long
    /// run (--summary, --checkpoint, --out, --full) the summary as one object
    /// (see docs/long-runs.md).
    #[arg(long)]
    pub json: bool,
    /// Values per row of the text layout.
    #[arg(long, default_value_t = 10, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub width: usize,
    /// How to print the values of a line table: `text` (rows of --width
    /// values) or `bfile`, an OEIS b-file: one line `n g(n)` per value
    /// from n = 0 (the offset), nothing else.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TableFormat::Text, conflicts_with = "json")]
    pub format: TableFormat,
    /// Misère Grundy values g⁻ (a position without moves has value 1), or
    /// with --remoteness the misère remoteness.
    #[arg(long)]
    pub misere: bool,
    /// Each position's genus symbol g^{γ1γ2…} (normal value, then misère
    /// values of the position plus heaps of 2), with `tame` where it is a
    /// nim heap's genus.
    #[arg(long, conflicts_with_all = ["misere", "remoteness"])]
    pub genus: bool,
    /// Smith's remoteness of each position instead of its value: how many
    /// moves the winner needs, the loser delaying (`D` for a draw).
    #[arg(long)]
    pub remoteness: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub long_run: LongRunArgs,
}

impl TableArgs {
    /// Whether the table is of something other than normal-play values
    /// (those come from the exact graph of sums, never the sequence engine).
    pub fn beyond_normal(&self) -> bool {
        self.misere || self.genus || self.remoteness
    }
}

/// Long sequence runs of octal games and Grundy's game (`sprague table`
/// switches to the fast engine when one of these is given, or when N is at
/// least 100000). Such a run prints a summary instead of every value.
#[derive(Debug, Clone, Args)]
pub struct LongRunArgs {
    /// Save the run's state to FILE every few seconds (atomically) and resume from it when it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints (with --checkpoint); the interval grows
    /// where saving is slow, so that saving takes at most a tenth of the run.
    #[arg(long, value_name = "SECS", default_value_t = 5.0, requires = "checkpoint", value_parser = seconds_between_checkpoints, allow_negative_numbers = true)]
    pub checkpoint_every: f64,
    /// Write the values to FILE in sprague's binary sequence format (see docs/long-runs.md).
    #[arg(short = 'o', long = "out", visible_alias = "output", value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Compute every value up to N even after a period is proven (past the
    /// period each value is still computed, checked against the period, and
    /// the table kept folded in O(pre-period + period) memory). With --json
    /// the summary then lists every value: for N = 10^8 some 200 MB of text.
    #[arg(long)]
    pub full: bool,
    /// Print a summary of the run (last and largest value, rare values, the
    /// period if proven, checksum, speed) instead of the values; the run stops
    /// at a proven period unless --full. Implied by --checkpoint, --out and
    /// --full.
    #[arg(long)]
    pub summary: bool,
    /// Threads for the sequence engine, 1 or 2: 2 lets a helper thread mark
    /// the next batch's rare × common pairs while the current one is finished
    /// (default: 2 where the machine has two cores or more, else 1).
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=2))]
    pub threads: Option<usize>,
    /// The most the sequence engine may use of the CPU's vector
    /// instructions (it uses what the CPU has, up to this): to time the
    /// code a machine without AVX-512 or AVX2 runs. The values are the same
    /// at every level.
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = SimdLevel::Avx512)]
    pub simd: SimdLevel,
}

/// A level of vector instructions (`--simd`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SimdLevel {
    /// No explicit vector instructions (the only level off x86-64).
    Plain,
    /// AVX2 where the CPU has it.
    Avx2,
    /// AVX-512 where the CPU has it, else the best of the lower levels.
    Avx512,
}

impl From<SimdLevel> for sprague::solve::Simd {
    fn from(l: SimdLevel) -> Self {
        match l {
            SimdLevel::Plain => sprague::solve::Simd::Plain,
            SimdLevel::Avx2 => sprague::solve::Simd::Avx2,
            SimdLevel::Avx512 => sprague::solve::Simd::Avx512,
        }
    }
}

/// `sprague analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game (see `sprague games`); a family of boards or graphs
    /// (`cram:2xN`) is analysed along N (default N ≤ 30, ending before the
    /// first member that needs more than 2·10^7 steps; a family that is a
    /// heap game's heaps, `node-kayles:path:N`, as that game).
    pub spec: String,
    /// The last heap N (default: grow until a pattern is proven, at most 2^20, or 2^15 where a
    /// table costs O(N²)), or N,M for games on two numbers (default 32,32).
    #[arg(long, value_name = "N | N,M", allow_hyphen_values = true)]
    pub upto: Option<String>,
    /// Print one JSON object: {"spec", "checked_upto", "findings": [...]}; with --misere, the
    /// quotient's keys instead ("spec", "order", "p_portion", "elements", "generators",
    /// "relations", "heaps", "all_heaps", "period", "preperiod", "upto", "stopped",
    /// "search_heaps", "tame_upto", "periodicity_applies", "proof", "max_order", "seconds",
    /// "convention").
    #[arg(long)]
    pub json: bool,
    /// Print a function `grundy(n)` from the proven pattern, in this language.
    #[arg(long, value_enum, value_name = "LANG")]
    pub emit: Option<EmitLanguage>,
    /// Misère play: the misère quotient of the heaps 1..=N given by --upto N, proven for sums
    /// of any number of those heaps: its order, P-portion, presentation and each heap's element.
    /// Without --upto, a search heap by heap for a complete solution (proven for every heap
    /// size by a period of each heap's element), up to heap 500 with candidates of at most 300
    /// elements (64 heaps for a game tame over the first 500, said so), stopped at the bound
    /// with the quotient reached.
    #[arg(long, conflicts_with = "emit")]
    pub misere: bool,
    /// With --misere: the most elements a candidate quotient may have (default 20000, or 300
    /// without --upto); less where the memory available holds fewer (about N²/4 bytes).
    #[arg(long, value_name = "N", requires = "misere", value_parser = sprague::rules::parse_u64)]
    pub max_order: Option<u64>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// A language `sprague analyze --emit` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EmitLanguage {
    /// `fn grundy(n: u64) -> u64`
    Rust,
    /// `unsigned long long grundy(unsigned long long n)`
    Cpp,
    /// `def grundy(n)`
    Python,
}

/// `sprague plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The game (see `sprague games`); a family of boards or graphs
    /// (`cram:3xN`) is plotted by its values along N.
    pub spec: String,
    /// With --skill-curve: the position whose win chance is plotted; several
    /// form a sum (e.g. `4 5` for Kayles rows).
    #[arg(value_name = "POSITION", allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// The last heap N, or N,M for a heat map of a game on two numbers.
    #[arg(
        long,
        value_name = "N | N,M",
        allow_hyphen_values = true,
        required_unless_present = "skill_curve",
        conflicts_with = "skill_curve"
    )]
    pub upto: Option<String>,
    /// Plot the chance that the player to move wins POSITION against skill
    /// (each player's chance of making the perfect move, else a random
    /// one): a curve for both players with skill P, and a heat map over the
    /// two skills apart. Prints the main numbers too.
    #[arg(long)]
    pub skill_curve: bool,
    /// With --skill-curve: misère play (the player who makes the last move loses).
    #[arg(long)]
    pub misere: bool,
    /// The image to write: FILE.svg or FILE.png.
    #[arg(short = 'o', long = "out", visible_alias = "output", value_name = "FILE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `sprague games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print the catalog as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `sprague play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game, e.g. `kayles`, `nim`, `grid:2x3` (see `sprague games`).
    pub spec: String,
    /// The start position; several form a sum (e.g. `5 4` for two Kayles rows).
    /// None: the position the spec names (`cram:4x4`, `node-kayles:path:9`).
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// The computer's play: `perfect` (the fastest win, else the longest
    /// defence, in a loopy game a draw rather than a loss), `random` (any
    /// legal move, uniformly), or `fallible:P` (perfect, but a random move
    /// with probability P, from 0 to 1).
    #[arg(long, value_name = "STYLE", default_value = "perfect", value_parser = parse_opponent)]
    pub opponent: sprague::play::Opponent,
    /// The seed of the computer's random choices (random and fallible
    /// opponents, `--first random`): the same seed replays the same game.
    /// Default: from the clock (it is printed).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Who moves first in each game.
    #[arg(long, value_enum, value_name = "WHO", default_value_t = FirstArg::Me)]
    pub first: FirstArg,
    /// Show hints from the start: each move's value for you (win, loss or
    /// draw, with the remoteness of the position it leaves).
    #[arg(long)]
    pub hints: bool,
    /// Line mode with one JSON object per line: each turn (position and
    /// moves), each move, each message, and the end (the winner).
    #[arg(long)]
    pub json: bool,
    /// Line mode even on a terminal.
    #[arg(long)]
    pub lines: bool,
    /// A loopy game (where positions can recur) ends in a draw after this many moves (1 to 1000000).
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub max_turns: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Who moves first (`--first`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FirstArg {
    /// You.
    Me,
    /// The computer.
    Computer,
    /// Drawn at random (from --seed) for each game.
    Random,
}

fn parse_opponent(text: &str) -> Result<sprague::play::Opponent, String> {
    text.parse()
}

/// `sprague solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem (see --list): fdivgame, wizards, tuzgmbr, seagm, potato.
    #[arg(required_unless_present = "list")]
    pub problem: Option<String>,
    /// Also print, before each answer, the reasoning behind it (lines starting with `#`).
    #[arg(long)]
    pub explain: bool,
    /// List the problems with a one-line summary and their source.
    #[arg(long, conflicts_with_all = ["problem", "explain"])]
    pub list: bool,
}

/// The longest `--checkpoint-every`, in seconds (a year).
pub const MAX_EVERY: u64 = 365 * 24 * 3600;

/// Parses `--checkpoint-every`: seconds from 0 to [`MAX_EVERY`], so that a
/// bad value is named as it was typed.
fn seconds_between_checkpoints(text: &str) -> Result<f64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("give a number of seconds from 0 to {MAX_EVERY}"))?;
    if (0.0..=MAX_EVERY as f64).contains(&secs) {
        Ok(secs)
    } else {
        Err(format!("give a number of seconds from 0 to {MAX_EVERY}"))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clap_definition_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}

/// `sprague serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default serves this machine only. Any other (0.0.0.0: every interface) lets anyone who reaches it use the page and the API: a warning is printed.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// The most seconds a request may compute before it is answered with an error.
    #[arg(long, value_name = "SECS", default_value_t = 20)]
    pub timeout: u64,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `sprague survey`.
#[derive(Debug, Args)]
pub struct SurveyArgs {
    /// Codes to run: `0.77`, `.137`, `octal:0.77`, `hex:0.f` (a bare code is read as hexadecimal, so octal codes and `0.f` both work; one with a digit 8 or 9 but no letter must be written `hex:0.99`).
    #[arg(value_name = "CODE")]
    pub codes: Vec<String>,
    /// Read codes from FILE: one a line or separated by commas or spaces; `#` starts a comment.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Every code 0.d1…dk with k ≤ D digits after the point (8^D − 1 codes; at most 2^20 codes).
    #[arg(long, value_name = "D")]
    pub digits: Option<u32>,
    /// With --digits: hexadecimal digits 0-f as well (16^D − 1 codes, the octal ones among them).
    #[arg(long, requires = "digits")]
    pub hex: bool,
    /// Run each code to heap N at most (1 to 2^32 − 2; 10^5 or 100_000 also work).
    #[arg(long, value_name = "N", required_unless_present = "report")]
    pub upto: Option<String>,
    /// The survey file: one JSON line per code, appended as each finishes, and read to resume. With --report: where the table goes (default stdout).
    #[arg(short = 'o', long = "out", visible_alias = "output", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Codes run at once, each on one thread (default: the number of cores).
    #[arg(long, value_name = "J", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=4096))]
    pub jobs: Option<usize>,
    /// Print the table of the survey file FILE instead of running codes: every code sorted, then the ones not proven and how far each was computed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["codes", "file", "digits", "upto", "jobs"])]
    pub report: Option<PathBuf>,
    /// With --report: the table's format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ReportFormat::Markdown, requires = "report")]
    pub format: ReportFormat,
    /// The most the sequence engine may use of the CPU's vector instructions (the values are the same at every level).
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = SimdLevel::Avx512)]
    pub simd: SimdLevel,
    /// Misère play: build each code's misère quotient heap by heap to --upto N (at most 4096), stopping at a period proven for every heap size; one JSON line a code (code, kind, order, p_portion, all_heaps, preperiod, period, computed_to, stopped, seconds, upto, max_order).
    #[arg(long)]
    pub misere: bool,
    /// With --misere: the most elements a candidate quotient may have before a code is left open.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "misere")]
    pub max_order: usize,
}

/// The format of `sprague table`'s values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Rows of --width values, each labelled by its first n.
    Text,
    /// An OEIS b-file: `n g(n)` lines from n = 0.
    Bfile,
}

/// The format of `sprague survey --report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// A Markdown table, with a count by status and the codes not proven.
    Markdown,
    /// Comma-separated values, one row a code.
    Csv,
}
