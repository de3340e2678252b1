//! The survey-file reader and the code-list parser on arbitrary input: an
//! error naming the line, never a panic; a file that reads back gives
//! records whose lines read back to the same records.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::pattern::{parse_codes, read_survey};

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = read_survey(data, "fuzz.jsonl", None) {
        let again: String = file.records.iter().map(|r| r.to_line() + "\n").collect();
        let back = read_survey(again.as_bytes(), "again.jsonl", None).expect("written lines read back");
        assert_eq!(back.records, file.records);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = parse_codes(text);
    }
});
