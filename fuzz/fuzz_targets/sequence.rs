//! The sequence-file reader on arbitrary bytes: an error, never a panic or
//! a huge allocation, whatever the header claims.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::solve::read_sequence;

fuzz_target!(|data: &[u8]| {
    let _ = read_sequence(data, "fuzz.seq");
});
