//! Inputs that the fuzz targets of `fuzz/` crashed on, one test per bug,
//! each named after what went wrong and holding the input as the fuzzer
//! found it. Each must give an error (or an answer), never a panic.

use sprague::solve::read_checkpoint;
use sprague::Error;

/// A checkpoint (version 1) claiming about 2^64 values: the byte count
/// `count * 2` overflowed (a panic in debug builds, a wrapped size in
/// release) before the count was bounded as `read_sequence` bounds it.
#[test]
fn checkpoint_count_near_2_pow_64_overflows_byte_count() {
    let input: &[u8] = b"SPRGCKPT\x01\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\
        \x07\x00\x00\x00SP\x01\x00\x00\x00R\xdaCK\xff\xff\xff\xff\xff\xff\xff\x07\
        \x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00";
    let err = read_checkpoint(input, "fuzz.ckpt", "octal:0.77", 1000, false).unwrap_err();
    assert!(matches!(err, Error::BadFile { .. }), "{err}");
    assert!(err.to_string().contains("corrupt checkpoint"), "{err}");
}
