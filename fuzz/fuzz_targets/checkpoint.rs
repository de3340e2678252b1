//! The checkpoint reader on arbitrary bytes: an error, never a panic or a
//! huge allocation, whatever the header claims.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::solve::read_checkpoint;

fuzz_target!(|data: &[u8]| {
    // The run the seeds were written by (`sprague table grundy --upto 300
    // --checkpoint …`, with and without `--full`), and another one.
    let _ = read_checkpoint(data, "fuzz.ckpt", "grundy", 300, false);
    let _ = read_checkpoint(data, "fuzz.ckpt", "grundy", 300, true);
    let _ = read_checkpoint(data, "fuzz.ckpt", "octal:0.77", 1 << 40, false);
});
