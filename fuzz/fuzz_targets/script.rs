//! The Rhai script loader on arbitrary text, within small limits; a script
//! that compiles is asked for the moves of one position. Nothing may run
//! longer than the limits allow.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::rules::{DynamicRules, ScriptLimits, ScriptRules};

fuzz_target!(|text: &str| {
    // Rhai checks a container's size by walking it, so one call may take
    // about `ops * size` steps before a limit stops it: both are kept small
    // enough for the one-second timeout (`seconds` cannot go below 1).
    let limits = ScriptLimits {
        ops: 50_000,
        depth: 32,
        size: 1_000,
        seconds: 1,
    };
    let Ok(rules) = ScriptRules::compile("fuzz.rhai", text, limits) else {
        return;
    };
    if let Ok(p) = rules.parse("3") {
        let _ = rules.moves(&p, &sprague::Stop::default());
    }
});
