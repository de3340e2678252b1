//! Each contest problem's reader and solver on arbitrary input: the first
//! byte picks the problem, the rest is its input. The solvers enforce the
//! problems' own bounds, so even valid inputs answer quickly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::report::problems::{problems, Output};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let all = problems();
    let problem = &all[pick as usize % all.len()];
    let mut out = Output::new(pick & 0x80 != 0, |_| true);
    let _ = (problem.solve)(input, &mut out);
});
