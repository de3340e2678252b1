//! [`FamilyReport`]: what `sprague analyze` finds along a family of boards
//! (`cram:3xN`, `node-kayles:path:N`): the values of its members' starts
//! and their period, proven where the family is a heap game's heaps.

use super::analyze;
use super::family::{BoardFamily, LineOptions};
use crate::pattern::{observed_period, Kind, Status};
use crate::rules::board::ReadFile;
use crate::rules::Game;
use crate::solve::{by_third_row, Limits, ThirdRow, CHOMP3_MAX_LISTED};
use crate::Result;

/// The members a family is analysed to when no `upto` is given (boards).
pub const FAMILY_UPTO: u64 = 30;

/// The most steps an analysis with no `upto` spends on one member of a
/// family of boards: it ends before the first member that needs more
/// (a few seconds of valuing on this machine), since a board's search
/// grows steeply with its size (`cram:3xN`: 3×13 in 2 s, 3×15 in 17 s).
pub const MEMBER_WORK: u64 = 20_000_000;

/// The values listed in a report of a family that is a heap game, when no
/// `upto` is given (its analysis may check many more).
const LISTED: u64 = 128;

/// A period of a family's values.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FamilyPeriod {
    /// The n from which it holds.
    pub preperiod: u64,
    /// The period p: g(n + p) = g(n) + saltus.
    pub period: u64,
    /// The saltus (0: plain periodicity).
    pub saltus: i64,
    /// `proven` (for every n) or `observed` (up to `checked_upto`).
    pub status: &'static str,
}

/// What was found along a family. Serialises as `analyze FAMILY --json`
/// prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FamilyReport {
    /// The family's spec.
    pub spec: String,
    /// The largest n whose value was computed and checked.
    pub checked_upto: u64,
    /// g(0), g(1), … of the members' starts (at most `upto`, or 128 of a
    /// heap game's; none for three-row Chomp, which lists `third_rows`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub values: Vec<u32>,
    /// Three-row Chomp (`chomp:3xN`): its P-positions [a, b, c] with
    /// b ≤ `checked_upto`, by third row c, as Brouwer's table lists them.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub third_rows: Option<Vec<ThirdRow>>,
    /// The period, if one was found.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub period: Option<FamilyPeriod>,
    /// The heap game whose heap n is the member n, where a theorem says
    /// so (`octal:0.137` for `node-kayles:path:N`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub heap_game: Option<String>,
    /// Why the period holds for every n (proven periods only).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub argument: Option<String>,
    /// Why an analysis with no `upto` ended before [`FAMILY_UPTO`]: the
    /// next member needs more than [`MEMBER_WORK`] steps (or a bound).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub stopped: Option<String>,
}

/// The values along `family` to `upto` (default [`FAMILY_UPTO`]) and the
/// period they show. A family that is a heap game's heaps
/// ([`BoardFamily::heap_game`]) is analysed as that game: its period is
/// proven for every n where the game's is, and its first members are
/// valued on their boards too, to check the theorem it rests on.
///
/// # Errors
/// A member that does not parse, a bound of `limits`, any error of
/// [`analyze`]; [`crate::Error::Internal`] if a member's board disagrees with
/// the heap game.
///
/// # Examples
/// ```
/// use sprague::report::{family_report, Line};
/// use sprague::rules::ScriptLimits;
/// use sprague::solve::Limits;
/// let mut no_files = |f: &str| Err(format!("no file {f}"));
/// let Line::Family(f) = Line::load("node-kayles:path:N", &mut no_files, ScriptLimits::default()).unwrap() else { panic!() };
/// let r = family_report(&f, None, Limits::default(), &mut no_files).unwrap();
/// let p = r.period.unwrap();
/// assert_eq!((p.preperiod, p.period, p.status), (52, 34, "proven"));
/// ```
pub fn family_report(
    family: &BoardFamily,
    upto: Option<u64>,
    limits: Limits,
    read: ReadFile,
) -> Result<FamilyReport> {
    if let Some((game, why)) = family.heap_game() {
        return as_heap_game(family, &game, why, upto, limits, read);
    }
    if family.is_three_row_chomp() {
        return three_row_chomp(upto.unwrap_or(FAMILY_UPTO), &limits);
    }
    let (upto, values, stopped) = match upto {
        Some(upto) => (upto, family.values(upto, limits, read)?, None),
        None => as_far_as_cheap(family, limits, read)?,
    };
    let mut period = observed_period(&values).map(|p| FamilyPeriod {
        preperiod: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        status: "observed",
    });
    let mut argument = None;
    if let Some(why) = theorem_of(family) {
        // The theorem gives the period, whatever the window shows; the
        // values are checked against it.
        if let Some(n) = (0..values.len()).find(|&n| u64::from(values[n]) != n as u64 % 2) {
            return Err(crate::Error::Internal(format!(
                "`{}` at n = {n}: worth {}, against {why}",
                family.spec(),
                values[n]
            )));
        }
        period = Some(FamilyPeriod {
            preperiod: 0,
            period: 2,
            saltus: 0,
            status: "proven",
        });
        argument = Some(why.to_string());
    }
    Ok(FamilyReport {
        spec: family.spec().to_string(),
        checked_upto: upto,
        values,
        period,
        heap_game: None,
        argument,
        third_rows: None,
        stopped,
    })
}

/// The values along `family` to [`FAMILY_UPTO`], or to the member before
/// the first that needs more than [`MEMBER_WORK`] steps or reaches a bound
/// of `limits` (then also why it stopped there); members are valued one
/// by one on the family's shared memo, so each asks only for what is new.
///
/// # Errors
/// A member that does not parse; a bound reached by the first member.
fn as_far_as_cheap(
    family: &BoardFamily,
    limits: Limits,
    read: ReadFile,
) -> Result<(u64, Vec<u32>, Option<String>)> {
    let mut each = limits.clone();
    each.max_work = each.max_work.min(MEMBER_WORK);
    let mut values = family.values(0, each.clone(), read)?;
    for n in 1..=FAMILY_UPTO {
        match family.values(n, each.clone(), read) {
            Ok(v) => values = v,
            Err(e @ (crate::Error::WorkExceeded { .. } | crate::Error::LimitExceeded { .. })) if n > 1 => {
                let why = match e {
                    crate::Error::WorkExceeded { .. } if each.max_work == MEMBER_WORK => {
                        format!("it needs more than {MEMBER_WORK} steps")
                    }
                    e => e.to_string(),
                };
                let stopped = format!(
                    "stopped before n = {n} (`{}`): {why}; an explicit upto values further members",
                    crate::rules::family_member(family.spec(), n)
                );
                return Ok((n - 1, values, Some(stopped)));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((FAMILY_UPTO, values, None))
}

/// Three-row Chomp's analysis: its P-positions with b ≤ `upto`, by third
/// row ([`by_third_row`]).
fn three_row_chomp(upto: u64, limits: &Limits) -> Result<FamilyReport> {
    if upto > CHOMP3_MAX_LISTED as u64 {
        return Err(crate::Error::Unsupported(format!(
            "three-row Chomp is listed to b ≤ {CHOMP3_MAX_LISTED} at most (O(B³) steps), not to {upto}"
        )));
    }
    Ok(FamilyReport {
        spec: "chomp:3xN".into(),
        checked_upto: upto,
        values: Vec::new(),
        third_rows: Some(by_third_row(upto as usize, &limits.stop)?),
        period: None,
        heap_game: None,
        argument: None,
        stopped: None,
    })
}

/// The theorem that gives the values along `family` (period 2 from 0:
/// g(n) = n mod 2), where one does: Cram on 2 × n is 0 for even n and *1
/// for odd n (Uiterwijk).
fn theorem_of(family: &BoardFamily) -> Option<&'static str> {
    family
        .is_two_wide_cram()
        .then_some("Cram on 2 × n is 0 for even n and *1 for odd n (proved by Uiterwijk)")
}

/// [`family_report`] of a family that is `game`'s heaps.
fn as_heap_game(
    family: &BoardFamily,
    game: &Game,
    why: String,
    upto: Option<u64>,
    limits: Limits,
    read: ReadFile,
) -> Result<FamilyReport> {
    // The game's own search for a proof first: `upto` says how many
    // values to list, and checks further only where that search stopped
    // short of it without a proof.
    let mut r = analyze(game, None, limits.clone())?;
    if let Some(n) = upto.filter(|&n| r.proof.is_none() && n > r.checked_upto) {
        r = analyze(game, Some((n, None)), limits.clone())?;
    }
    let listed = upto.unwrap_or(r.checked_upto.min(LISTED));
    let how = LineOptions {
        limits,
        ..LineOptions::default()
    };
    let (values, _) = family.as_heaps(game, listed, &how, read, &mut super::Unwatched)?;
    let values = values.into_wide();
    let finding = match &r.proof {
        Some(p) => Some(&p.finding),
        None => r
            .findings
            .iter()
            .find(|f| matches!(f.kind, Kind::Periodic | Kind::ArithmeticPeriodic)),
    };
    let period = finding.map(|f| FamilyPeriod {
        preperiod: f.preperiod.unwrap_or(0),
        period: f.period.unwrap_or(0),
        saltus: f.saltus.unwrap_or(0),
        status: match f.status {
            Status::Proven => "proven",
            Status::Observed => "observed",
        },
    });
    let argument = finding
        .filter(|f| f.status == Status::Proven)
        .map(|f| format!("{why}; {}", f.argument.as_deref().unwrap_or("proven")));
    Ok(FamilyReport {
        spec: family.spec().to_string(),
        checked_upto: r.checked_upto,
        values,
        period,
        heap_game: Some(game.spec()),
        argument,
        third_rows: None,
        stopped: None,
    })
}
