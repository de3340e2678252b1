//! The gcd card game (CodeChef SEAGM): take a card, g becomes gcd(g, card);
//! the player whose move makes g = 1 loses; a player with no card loses.

use super::{Convention, Moves, Ruleset};
use crate::number::parse_u64;
use crate::{Error, Outcome, Result};

/// The most cards a position may hold: each search frame copies the cards of
/// every move, so memory grows with the cube of the count.
pub const MAX_CARDS: usize = 300;

/// The gcd card game. Not normal play: making g = 1 loses at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GcdGame;

/// A position: the current g (0 before the first card) and the cards left.
///
/// Canonical form: once g > 0, every remaining multiple of g is written as g
/// itself, since any multiple of g keeps g for the rest of the game.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GcdPosition {
    /// The gcd of the cards taken so far (0 when none was taken).
    pub g: u64,
    /// The cards left, sorted.
    pub cards: Vec<u64>,
}

/// Euclid's gcd.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl GcdPosition {
    /// A canonical position.
    pub fn new(g: u64, mut cards: Vec<u64>) -> GcdPosition {
        if g > 0 {
            for c in &mut cards {
                if *c % g == 0 {
                    *c = g;
                }
            }
        }
        cards.sort_unstable();
        GcdPosition { g, cards }
    }
}

impl Ruleset for GcdGame {
    type Position = GcdPosition;

    fn spec(&self) -> String {
        "gcd".into()
    }

    /// `6,10,15` (g = 0) or `g=5;5,6` (a game under way).
    fn parse_position(&self, text: &str) -> Result<GcdPosition> {
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        let (g, list) = match text.strip_prefix("g=") {
            Some(rest) => {
                let (g, list) = rest.split_once(';').unwrap_or((rest, ""));
                (parse_u64(g).map_err(bad)?, list)
            }
            None => (0, text),
        };
        let mut cards = Vec::new();
        for t in list.split(',').filter(|_| !list.trim().is_empty()) {
            let c = parse_u64(t).map_err(bad)?;
            if c == 0 {
                return Err(bad("cards are at least 1".into()));
            }
            cards.push(c);
        }
        if cards.len() > MAX_CARDS {
            return Err(bad(format!(
                "{} cards; the general search takes at most {MAX_CARDS} (`sprague solve seagm` takes more)",
                cards.len()
            )));
        }
        Ok(GcdPosition::new(g, cards))
    }

    fn format_position(&self, p: &GcdPosition) -> String {
        let cards: Vec<String> = p.cards.iter().map(u64::to_string).collect();
        if p.g == 0 {
            cards.join(",")
        } else {
            format!("g={};{}", p.g, cards.join(","))
        }
    }

    fn check_position(&self, p: &GcdPosition) -> Result<()> {
        let bad = |reason: String| Err(super::not_a_position(self.format_position(p), reason));
        if p.cards.contains(&0) {
            return bad("cards are at least 1".into());
        }
        if p.cards.len() > MAX_CARDS {
            return bad(format!(
                "{} cards; the general search takes at most {MAX_CARDS}",
                p.cards.len()
            ));
        }
        if GcdPosition::new(p.g, p.cards.clone()) != *p {
            return bad("not in canonical form: cards sorted, multiples of g written as g".into());
        }
        Ok(())
    }

    fn moves(&self, p: &GcdPosition, out: &mut Moves<GcdPosition>) -> Result<()> {
        if p.g == 1 {
            return Ok(());
        }
        for i in 0..p.cards.len() {
            let c = p.cards[i];
            let g = gcd(p.g, c);
            let mut rest = p.cards.clone();
            rest.remove(i);
            out.push([GcdPosition::new(g, rest)], || {
                format!("take card {c} (g becomes {g})")
            });
        }
        Ok(())
    }

    fn branching(&self, p: &GcdPosition) -> u64 {
        p.cards.len() as u64
    }

    fn convention(&self) -> Convention {
        Convention::Special
    }

    /// g = 1: the previous player made it so and lost; the player to move won.
    fn decided(&self, p: &GcdPosition) -> Option<Outcome> {
        (p.g == 1).then_some(Outcome::N)
    }
}
