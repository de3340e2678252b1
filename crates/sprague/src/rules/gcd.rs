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
/// itself in `cards`, since any multiple of g keeps g for the rest of the
/// game; positions are equal (and hash and order) by `g` and `cards` alone.
/// The cards as dealt are kept beside them, in `dealt`, for people: a
/// position is written and a move named with the real cards.
#[derive(Clone, Debug)]
pub struct GcdPosition {
    /// The gcd of the cards taken so far (0 when none was taken).
    pub g: u64,
    /// The cards left in canonical form, sorted.
    pub cards: Vec<u64>,
    /// The cards left as dealt, `dealt[i]` the card that `cards[i]`
    /// stands for; empty where they are not known (then `cards` is shown).
    pub dealt: Vec<u64>,
}

impl PartialEq for GcdPosition {
    fn eq(&self, other: &Self) -> bool {
        (self.g, &self.cards) == (other.g, &other.cards)
    }
}

impl Eq for GcdPosition {}

impl std::hash::Hash for GcdPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.g, &self.cards).hash(state);
    }
}

impl PartialOrd for GcdPosition {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GcdPosition {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.g, &self.cards).cmp(&(other.g, &other.cards))
    }
}

/// Euclid's gcd.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl GcdPosition {
    /// A canonical position from g and the cards left, as dealt.
    pub fn new(g: u64, cards: Vec<u64>) -> GcdPosition {
        let canonical = |c: u64| if g > 0 && c.is_multiple_of(g) { g } else { c };
        let mut pairs: Vec<(u64, u64)> = cards.into_iter().map(|c| (canonical(c), c)).collect();
        pairs.sort_unstable();
        let (cards, dealt) = pairs.into_iter().unzip();
        GcdPosition { g, cards, dealt }
    }

    /// The cards a person sees: as dealt where known.
    pub fn shown_cards(&self) -> &[u64] {
        if self.dealt.len() == self.cards.len() {
            &self.dealt
        } else {
            &self.cards
        }
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
        let mut shown = p.shown_cards().to_vec();
        shown.sort_unstable();
        let cards: Vec<String> = shown.iter().map(u64::to_string).collect();
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
        let canonical = GcdPosition::new(p.g, p.cards.clone());
        if canonical.cards != p.cards {
            return bad("not in canonical form: cards sorted, multiples of g written as g".into());
        }
        if !p.dealt.is_empty() && GcdPosition::new(p.g, p.dealt.clone()).cards != p.cards {
            return bad("the cards as dealt do not match the canonical cards".into());
        }
        Ok(())
    }

    fn moves(&self, p: &GcdPosition, out: &mut Moves<GcdPosition>) -> Result<()> {
        if p.g == 1 {
            return Ok(());
        }
        let shown = p.shown_cards();
        for i in 0..p.cards.len() {
            let (c, card) = (p.cards[i], shown[i]);
            let g = gcd(p.g, c);
            let mut rest = shown.to_vec();
            rest.remove(i);
            out.push([GcdPosition::new(g, rest)], || {
                format!("take card {card} (g becomes {g})")
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
