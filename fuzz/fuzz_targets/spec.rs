//! The spec parser on arbitrary text: every game family (`nim`,
//! `subtract:`, `allbut:`, `powers:`, `octal:`, `hex:`, `divide:`, `grid:`,
//! `updown:`, …). A spec that parses must print a spec that parses to the
//! same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::rules::Game;

fuzz_target!(|text: &str| {
    if let Ok(game) = text.parse::<Game>() {
        let again: Game = game.spec().parse().expect("a printed spec parses again");
        assert_eq!(again, game, "parse . print round-trips");
    }
});
