//! The shape issue 35 asks of the code, checked on the source tree: the
//! crate root has at most six public modules, `solve`, `pattern` and
//! `rules` keep their parts private (re-exporting what a program needs),
//! and no source file of any crate is longer than 700 lines.

use std::path::{Path, PathBuf};

/// The workspace's `crates/` folder.
fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, walked without recursion.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn the_crate_root_has_at_most_six_public_modules() {
    let lib = std::fs::read_to_string(crates().join("sprague/src/lib.rs")).unwrap();
    let public: Vec<&str> = lib
        .lines()
        .filter(|l| l.trim_start().starts_with("pub mod "))
        .collect();
    assert!(
        (1..=6).contains(&public.len()),
        "{} public modules: {public:?}",
        public.len()
    );
}

/// The modules `source` declares, split into public ones (`pub mod`) and
/// the others (`mod`, `pub(crate) mod`, `pub(super) mod`).
fn declared_modules(source: &str) -> (Vec<String>, Vec<String>) {
    let (mut public, mut private) = (Vec::new(), Vec::new());
    for line in source.lines().map(str::trim_start) {
        let name = |rest: &str| rest.trim_end_matches(';').trim().to_string();
        if let Some(rest) = line.strip_prefix("pub mod ") {
            public.push(name(rest));
        } else if let Some(rest) = ["mod ", "pub(crate) mod ", "pub(super) mod "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        {
            private.push(name(rest));
        }
    }
    (public, private)
}

/// Checks that the module in `file` (under `crates/sprague/src`) has no
/// public submodule, and that it declares each of `parts` privately (so
/// that the parser is known to have read the right file).
fn keeps_its_parts_private(file: &str, parts: &[&str]) {
    let source = std::fs::read_to_string(crates().join("sprague/src").join(file)).unwrap();
    let (public, private) = declared_modules(&source);
    assert!(public.is_empty(), "public submodules in {file}: {public:?}");
    for part in parts {
        assert!(
            private.iter().any(|m| m == part),
            "no private `{part}` in {file}: {private:?}"
        );
    }
}

#[test]
fn solve_keeps_its_parts_private() {
    keeps_its_parts_private(
        "solve/mod.rs",
        &["dense", "engine", "quotient", "random", "sums", "solver"],
    );
}

#[test]
fn pattern_keeps_its_parts_private() {
    keeps_its_parts_private(
        "pattern/mod.rs",
        &[
            "analyze", "floor", "pairs", "periodic", "rare", "splits", "survey",
        ],
    );
}

#[test]
fn rules_keeps_its_parts_private() {
    keeps_its_parts_private(
        "rules/mod.rs",
        &["board", "catalog", "dynamic", "octal", "script"],
    );
}

#[test]
fn the_module_parser_tells_public_from_private() {
    let (public, private) =
        declared_modules("pub mod a;\n  pub(crate) mod b;\nmod c;\n// mod d;\npub use e;\n");
    assert_eq!(
        (public, private),
        (vec!["a".to_string()], vec!["b".to_string(), "c".to_string()])
    );
}

#[test]
fn no_source_file_is_longer_than_700_lines() {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(crates()).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            files.extend(rust_files(&src));
        }
    }
    assert!(files.len() > 100, "only {} source files found", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (lines > 700).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over 700 lines: {long:?}");
}
