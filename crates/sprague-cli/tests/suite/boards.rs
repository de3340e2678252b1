//! Games on boards and graphs from the command line: the start a spec
//! names, labelled winning moves, tables and analyses along a family, the
//! memo file, and bad input.

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// What `sprague play GAME POSITIONS… --lines --first me --seed 1` prints
/// with `stdin` typed.
fn play(game_and_positions: &[&str], stdin: &str) -> String {
    let out = Command::cargo_bin("sprague")
        .unwrap()
        .arg("play")
        .args(game_and_positions)
        .args(["--lines", "--first", "me", "--seed", "1"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn value_plays_from_the_board_the_spec_names() {
    let v = json(&["value", "cram:3x4", "--json"]);
    assert_eq!(v["positions"][0], "..../..../....");
    assert_eq!(v["outcome"], "N");
    let labels: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"domino b1-c1"), "{labels:?}");
    // Even by even: a second-player win.
    assert_eq!(json(&["value", "cram:4x4", "--json"])["outcome"], "P");
    let (code, out, _) = run(&["value", "node-kayles:path:9"]);
    assert_eq!(code, 0);
    assert!(out.contains("vertex 5  ->  1,2,3 + 7,8,9"), "{out}");
    let (code, out, _) = run(&["value", "chomp:3x4"]);
    assert_eq!(code, 0);
    assert!(out.contains("chomp c2"), "{out}");
    // A position drawn as a picture; a sum of two boards.
    let v = json(&["value", "cram:2x3", "##./...", ".##/.##", "--json"]);
    assert_eq!(v["components"].as_array().unwrap().len(), 2);
}

#[test]
fn a_sum_of_boards_is_drawn_and_named_board_by_board() {
    // The same domino wins on two boards: each line says which.
    let (code, out, err) = run(&["value", "cram:2x2", "../..", "../..", "../##"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  #2: domino a1-b1  ->  ../.. + ##/.. + ../##"),
        "{out}"
    );
    assert!(out.contains("  #3: domino a1-b1  ->  ../.. + ../.."), "{out}");
    // On a sum of boards every winning move says its board, also when only
    // one of them is winning (c1-d1 is a move on both boards).
    let (_, out, _) = run(&["value", "cram:1x4", "....", "##.."]);
    assert!(out.contains("  #1: domino c1-d1  ->  ..## + ##.."), "{out}");
    // Play draws each board apart, and a label on two boards must say which.
    let text = play(
        &["cram:2x3", ".../...", "..#/..."],
        "domino a2-b2\nboard 2: domino a2-b2\nq\n",
    );
    assert!(
        text.contains(
            "  board 1\n      a b c\n    1 · · ·\n    2 · · ·\n  board 2\n      a b c\n    1 · · #\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("`domino a2-b2` is a move on boards 1 and 2: say which, e.g. `board 2: domino a2-b2`"),
        "{text}"
    );
    // Moves are named by the board drawn, whatever regions it fell into.
    assert!(
        text.contains("you: board 2: domino a2-b2  ->  .../... + ..#/###"),
        "{text}"
    );
    assert!(text.contains("computer: board 1: "), "{text}");
    assert!(!text.contains("region"), "{text}");
}

#[test]
fn a_sum_of_graphs_is_drawn_graph_by_graph() {
    // Each start's vertices left, its parts together, named as its moves.
    let text = play(
        &["node-kayles:path:5", "2", "1, 2, 3, 4, 5"],
        "board 1: vertex 2\nq\n",
    );
    assert!(
        text.contains("  board 1: vertices 2 (of 5)\n  board 2: vertices 1,2,3,4,5 (of 5)\n"),
        "{text}"
    );
    assert!(text.contains("you: board 1: vertex 2  ->  1,2,3,4,5"), "{text}");
    assert!(
        text.contains("  board 1: no vertex left\n  board 2: vertices "),
        "{text}"
    );
}

#[test]
fn a_board_with_no_move_left_is_still_drawn() {
    // The domino leaves a lone free cell: no move is left, though a cell
    // is; the value says so rather than "nothing left".
    let (code, out, err) = run(&["value", "cram:1x4", ".#.."]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("domino c1-d1  ->  no move left"), "{out}");
    // In play, board 1 stays drawn (and named) after its last domino.
    let text = play(&["cram:2x2", "../##", "../.."], "region 1: domino a1-b1\nq\n");
    assert!(text.contains("you: board 1: domino a1-b1  ->  ../.."), "{text}");
    assert!(
        text.contains("  board 1\n      a b\n    1 # #\n    2 # #\n  board 2\n"),
        "{text}"
    );
}

#[test]
fn tables_and_analyses_run_along_a_family() {
    let v = json(&["table", "cram:2xN", "--upto", "8", "--json"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 0, 1, 0, 1, 0]));
    // Node Kayles on paths is Dawson's chess, 0.137.
    let nk = json(&["table", "node-kayles:path:N", "--upto", "30", "--json"]);
    let dc = json(&["table", "dawson-chess", "--upto", "30", "--json"]);
    assert_eq!(nk["values"], dc["values"]);
    let (code, out, _) = run(&["analyze", "cram:2xN", "--upto", "12"]);
    assert_eq!(code, 0);
    // With no --upto, an analysis of boards goes as far as members are
    // cheap (steps are counted, so where it stops does not depend on the
    // machine) and says where and why it stopped.
    let v = json(&["analyze", "cram:3xN", "--json"]);
    assert_eq!(v["checked_upto"], 13, "{v}");
    let why = v["stopped"].as_str().unwrap();
    assert!(
        why.starts_with("stopped before n = 14 (`cram:3x14`): it needs more than"),
        "{why}"
    );
    let t = json(&["table", "cram:3xN", "--upto", "13", "--json"]);
    assert_eq!(v["values"], t["values"]);
    // A bound ends a family's table at a member: the values before it are
    // written, then the error says where it stopped.
    let (code, partial, err) = run(&[
        "table",
        "cram:3xN",
        "--upto",
        "25",
        "--max-states",
        "100000",
        "--json",
    ]);
    assert_eq!(code, 2, "{err}");
    let part: serde_json::Value = serde_json::from_str(&partial).unwrap();
    let part = part["values"].as_array().unwrap();
    let kept = part.len();
    assert!(kept > 5 && kept < 25, "{partial}");
    assert_eq!(part[..], t["values"].as_array().unwrap()[..kept]);
    let said = format!("the table stops at N = {kept} (N = 0..={} are above): ", kept - 1);
    assert!(err.contains(&said) && err.contains("--max-states"), "{err}");
    // A family varies one size: two bounds are refused, naming what was given.
    let svg = std::env::temp_dir().join("sprague-never-drawn.svg");
    for cmd in [
        vec!["table"],
        vec!["analyze"],
        vec!["plot", "--out", svg.to_str().unwrap()],
    ] {
        let (code, _, err) = run(&[&cmd[..], &["cram:2xN", "--upto", "8,3"]].concat());
        assert_eq!(code, 2, "{cmd:?}: {err}");
        assert!(
            err.contains("varies one size, N: give one number to go up to, not `--upto 8,3`"),
            "{cmd:?}: {err}"
        );
    }
    assert!(!svg.exists());
    assert!(
        out.contains("g(n + 2) = g(n)") && out.contains("proven for every n: Cram on 2 × n"),
        "{out}"
    );
    // Paths are heaps: their period is proven for every n, from the
    // octal game's (Dawson's chess: period 34 from 52).
    let (code, out, _) = run(&["analyze", "node-kayles:path:N"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("as heaps of octal:0.137")
            && out.contains("g(n + 34) = g(n) for n ≥ 52")
            && out.contains("proven for every n: Node Kayles on a path"),
        "{out}"
    );
    // Past its 128 vertices, a path goes on as heaps of 0.137.
    let nk = json(&["table", "node-kayles:path:N", "--upto", "300", "--json"]);
    let dc = json(&["table", "dawson-chess", "--upto", "300", "--json"]);
    assert_eq!(nk["values"], dc["values"]);
    let (code, out, _) = run(&["analyze", "cram:3xN", "--upto", "8"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("no theorem bounds the check for boards") || out.contains("no period observed"),
        "{out}"
    );
    let v = json(&["analyze", "octal-graph:0.33:path:N", "--upto", "10", "--json"]);
    assert_eq!(v["heap_game"], "octal:0.33");
    assert_eq!(v["period"]["status"], "proven");
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]));
    assert!(
        v["argument"]
            .as_str()
            .unwrap()
            .contains("on a path of n vertices"),
        "{v}"
    );
}

/// `analyze chomp:3xN` lists three-row Chomp's P-positions by third row,
/// as Brouwer's table does.
#[test]
fn three_row_chomp_is_analysed_by_its_p_positions() {
    let (code, out, _) = run(&["analyze", "chomp:3xN", "--upto", "40"]);
    assert_eq!(code, 0);
    assert!(out.contains("c = 3: [6,3,3] [7,4,3] [5,5,3]\n"), "{out}");
    assert!(
        out.contains("c = 5: [10,5,5] [9,6,5] [b+4,b,5] for 7 ≤ b ≤ 40\n"),
        "{out}"
    );
    let v = json(&["analyze", "chomp:3xN", "--upto", "10", "--json"]);
    assert_eq!(
        v["third_rows"][1]["positions"],
        serde_json::json!([[3, 1, 1], [2, 2, 1]])
    );
    let (code, _, err) = run(&["analyze", "chomp:3xN", "--upto", "100000"]);
    assert_eq!(code, 2);
    assert!(err.contains("listed to b ≤ 2000 at most"), "{err}");
}

#[test]
fn the_memo_file_keeps_the_solved_shapes() {
    let dir = tempfile_dir();
    let memo = dir.join("cram.db");
    let m = memo.to_str().unwrap();
    let first = json(&["value", "cram:4x5", "--memo", m, "--json"]);
    assert!(memo.exists());
    let again = json(&["value", "cram:4x5", "--memo", m, "--json"]);
    assert_eq!(first["grundy"], again["grundy"]);
    assert!(again["method"].as_str().unwrap().contains(", 0 new,"), "{again}");
    std::fs::write(&memo, b"not a memo").unwrap();
    let (code, _, err) = run(&["value", "cram:4x5", "--memo", m]);
    assert_eq!(code, 2);
    assert!(err.contains("not a component memo"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `plot` draws the values along a family, as `table` lists them.
#[test]
fn a_family_is_plotted_along_n() {
    let file = tempfile_dir().join("cram2.svg");
    let (code, out, err) = run(&["plot", "cram:2xN", "--upto", "8", "-o", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
    let _ = std::fs::remove_file(file);
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-boards-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn bad_boards_are_named_in_one_line() {
    for (args, needle) in [
        (vec!["value", "cram:3x0"], "no cells"),
        (vec!["value", "cram:3x4", "../.."], "3x4"),
        (vec!["value", "node-kayles:nofile.txt"], "nofile.txt"),
        (vec!["value", "chomp:2,3"], "row 2"),
        (vec!["value", "nim"], "names no start"),
        (vec!["value", "cram:3x4", "--keying", "sideways"], "not a keying"),
        (vec!["table", "cram:3xN", "--upto", "3,4"], "not `--upto 3,4`"),
        (vec!["value", "cram:3xN"], "N names a family"),
        (
            vec!["table", "cram:3xN", "--upto", "8", "--remoteness"],
            "Grundy values in normal play only, not `--remoteness`",
        ),
        (
            vec!["table", "cram:3xN", "--upto", "50"],
            "its member N = 43 (`cram:3x43`)",
        ),
        (
            vec!["table", "node-kayles:path:N", "--upto", "200", "--summary"],
            "its members are heaps of `octal:0.137`, so ask that game",
        ),
        (
            vec!["table", "cram:3xN", "--upto", "8", "--full"],
            "not along a family of boards (`cram:3xN`)",
        ),
        (vec!["value", "cram:NxN"], "not both"),
        (vec!["plot", "cram:3xN", "-o", "x.svg"], "--upto"),
        (
            vec!["analyze", "cram:2xN", "--emit", "rust"],
            "no evaluator to emit",
        ),
        (
            vec!["table", "node-kayles:path:N", "--upto", "9", "--summary"],
            "not along a family of boards",
        ),
        // A new user's stumbles (session 54's tester):
        (
            vec!["value", "chomp:3x5", "6,3,3"],
            "row 1 has 6 squares; the start 5,5,5 has 5 there",
        ),
        (
            vec!["value", "chomp:3x5", "5,5,5,5"],
            "it has 4 rows; the start 5,5,5 has 3",
        ),
        (
            vec!["table", "cram:3x4", "--upto", "5"],
            "write N in place of one size",
        ),
        (vec!["analyze", "cram:3x4"], "value it (`sprague value cram:3x4`)"),
        (
            vec!["analyze", "cram:3x4", "--misere"],
            "value its positions in misère play instead",
        ),
        (
            vec!["plot", "node-kayles:path:5", "--upto", "5", "-o", "x.svg"],
            "node-kayles:path:N",
        ),
        (
            vec!["analyze", "cram:2xN", "--misere", "--upto", "10"],
            "analysed in normal play only",
        ),
        (
            // Before any search (a member valued first would stop at the
            // work bound instead).
            // (A path goes on as heaps of 0.137; a cycle cannot.)
            vec!["table", "node-kayles:cycle:N", "--upto", "129", "--max-work", "1"],
            "its member N = 129",
        ),
        (
            vec!["value", "cram:3x4", "--memo", "/nonexistent-dir-of-sprague/x.db"],
            "--memo `/nonexistent-dir-of-sprague/x.db`",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}
