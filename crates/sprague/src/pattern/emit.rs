//! Code emission: a proven pattern as a function `grundy(n)` to paste into
//! a contest solution, in Rust, C++ or Python.
//!
//! Every emitted function is correct for all n < 2^64: the arithmetic is
//! done in `u64` / `unsigned long long` (Python integers are unbounded),
//! with no product that can overflow for the catalog's games (a saltus
//! times ⌊n/p⌋ stays below 2^64 whenever g(n) itself does).

use super::Evaluator;
use std::fmt::Write;

/// A language the evaluator can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Rust: `fn grundy(n: u64) -> u64`.
    Rust,
    /// C++: `unsigned long long grundy(unsigned long long n)`.
    Cpp,
    /// Python 3: `def grundy(n)`, its tables as module-level tuples.
    Python,
}

/// Writes `values` as a comma-separated list, wrapped to short lines.
fn list(values: &[u32], indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for (i, v) in values.iter().enumerate() {
        let item = if i + 1 < values.len() {
            format!("{v}, ")
        } else {
            v.to_string()
        };
        if line.len() + item.len() > 88 {
            let _ = writeln!(out, "{indent}{}", line.trim_end());
            line.clear();
        }
        line.push_str(&item);
    }
    let _ = write!(out, "{indent}{line}");
    out
}

pub(super) fn emit(e: &Evaluator, lang: Language, comment: &str) -> String {
    let comment = comment.replace('\n', " ");
    let mut s = String::new();
    match (e, lang) {
        (
            Evaluator::Periodic {
                prefix,
                cycle,
                saltus,
            },
            Language::Rust,
        ) => {
            let (o, p) = (prefix.len(), cycle.len());
            let _ = writeln!(s, "/// {comment}\nfn grundy(n: u64) -> u64 {{");
            if o > 0 {
                let _ = writeln!(
                    s,
                    "    const PREFIX: [u32; {o}] = [\n{}\n    ];",
                    list(prefix, "        ")
                );
            }
            let _ = writeln!(
                s,
                "    const CYCLE: [u32; {p}] = [\n{}\n    ];",
                list(cycle, "        ")
            );
            if o > 0 {
                let _ = writeln!(
                    s,
                    "    if n < {o} {{\n        return PREFIX[n as usize] as u64;\n    }}"
                );
            }
            let _ = writeln!(s, "    let m = n - {o};");
            if *saltus == 0 {
                let _ = writeln!(s, "    CYCLE[(m % {p}) as usize] as u64\n}}");
            } else {
                let _ = writeln!(
                    s,
                    "    CYCLE[(m % {p}) as usize] as u64 + {saltus} * (m / {p})\n}}"
                );
            }
        }
        (
            Evaluator::Periodic {
                prefix,
                cycle,
                saltus,
            },
            Language::Cpp,
        ) => {
            let (o, p) = (prefix.len(), cycle.len());
            let _ = writeln!(
                s,
                "// {comment}\nunsigned long long grundy(unsigned long long n) {{"
            );
            if o > 0 {
                let _ = writeln!(
                    s,
                    "    static const unsigned int PREFIX[{o}] = {{\n{}\n    }};",
                    list(prefix, "        ")
                );
            }
            let _ = writeln!(
                s,
                "    static const unsigned int CYCLE[{p}] = {{\n{}\n    }};",
                list(cycle, "        ")
            );
            if o > 0 {
                let _ = writeln!(s, "    if (n < {o}ULL) return PREFIX[n];");
            }
            let _ = writeln!(s, "    unsigned long long m = n - {o}ULL;");
            if *saltus == 0 {
                let _ = writeln!(s, "    return CYCLE[m % {p}ULL];\n}}");
            } else {
                let _ = writeln!(
                    s,
                    "    return CYCLE[m % {p}ULL] + {saltus}ULL * (m / {p}ULL);\n}}"
                );
            }
        }
        (
            Evaluator::Periodic {
                prefix,
                cycle,
                saltus,
            },
            Language::Python,
        ) => {
            // Tables at module level: built once, not on every call.
            let (o, p) = (prefix.len(), cycle.len());
            let _ = writeln!(s, "# {comment}");
            if o > 0 {
                let _ = writeln!(s, "_GRUNDY_PREFIX = (\n{},\n)", list(prefix, "    "));
            }
            let _ = writeln!(s, "_GRUNDY_CYCLE = (\n{},\n)\n\n", list(cycle, "    "));
            let _ = writeln!(s, "def grundy(n):");
            if o > 0 {
                let _ = writeln!(s, "    if n < {o}:\n        return _GRUNDY_PREFIX[n]");
            }
            let _ = writeln!(s, "    m = n - {o}");
            if *saltus == 0 {
                let _ = writeln!(s, "    return _GRUNDY_CYCLE[m % {p}]");
            } else {
                let _ = writeln!(s, "    return _GRUNDY_CYCLE[m % {p}] + {saltus} * (m // {p})");
            }
        }
        (Evaluator::FloorDivision { base, low }, Language::Rust) => {
            let n0 = low.len();
            let _ = writeln!(s, "/// {comment}\nfn grundy(mut n: u64) -> u64 {{");
            let _ = writeln!(
                s,
                "    const LOW: [u32; {n0}] = [\n{}\n    ];",
                list(low, "        ")
            );
            let _ = writeln!(
                s,
                "    while n >= {n0} {{\n        n /= {base};\n    }}\n    LOW[n as usize] as u64\n}}"
            );
        }
        (Evaluator::FloorDivision { base, low }, Language::Cpp) => {
            let n0 = low.len();
            let _ = writeln!(
                s,
                "// {comment}\nunsigned long long grundy(unsigned long long n) {{"
            );
            let _ = writeln!(
                s,
                "    static const unsigned int LOW[{n0}] = {{\n{}\n    }};",
                list(low, "        ")
            );
            let _ = writeln!(
                s,
                "    while (n >= {n0}ULL) n /= {base}ULL;\n    return LOW[n];\n}}"
            );
        }
        (Evaluator::FloorDivision { base, low }, Language::Python) => {
            let n0 = low.len();
            let _ = writeln!(s, "# {comment}");
            let _ = writeln!(s, "_GRUNDY_LOW = (\n{},\n)\n\n", list(low, "    "));
            let _ = writeln!(s, "def grundy(n):");
            let _ = writeln!(
                s,
                "    while n >= {n0}:\n        n //= {base}\n    return _GRUNDY_LOW[n]"
            );
        }
    }
    s
}
