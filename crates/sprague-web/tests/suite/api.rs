//! The stateless endpoints, with the keys and values of the CLI's `--json`.

use super::harness::{app, app_with, get, post, refused};
use axum::http::StatusCode;
use serde_json::json;
use sprague::query::Query;

#[tokio::test]
async fn value_is_the_library_report_of_the_cli() {
    let app = app();
    let (status, body) = post(
        &app,
        "/api/value",
        json!({"spec": "kayles", "positions": [7, 11], "misere": false}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let game = "kayles".parse().unwrap();
    let want =
        sprague::report::value_report(&game, &["7".into(), "11".into()], &Query::default(), false).unwrap();
    assert_eq!(body, serde_json::to_value(want).unwrap());
    assert_eq!(body["grundy"], 4);
    assert_eq!(body["outcome"], "N");
}

#[tokio::test]
async fn value_misere_and_random_play() {
    let app = app();
    let (_, body) = post(
        &app,
        "/api/value",
        json!({"spec": "nim", "positions": [1, 1], "misere": true}),
    )
    .await;
    assert_eq!(body["convention"], "misere");
    assert_eq!(body["outcome"], "N");
    let (_, body) = post(
        &app,
        "/api/value",
        json!({"spec": "kayles", "positions": ["3"], "random": true}),
    )
    .await;
    assert!(body["win_probability"].as_f64().is_some(), "{body}");
}

#[tokio::test]
async fn table_line_and_grid() {
    let app = app();
    let (status, body) = post(&app, "/api/table", json!({"spec": "kayles", "upto": 5})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"spec": "octal:0.77", "values": [0, 1, 2, 3, 1, 4]}));
    let (status, body) = post(&app, "/api/table", json!({"spec": "wythoff", "upto": [2, 2]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["rows"][1], json!([1, 2, 0]));
    assert_eq!(body["row_start"], 0);
    // The first number across, the second up, named as the rules name them.
    assert_eq!(body["axes"], json!(["heap a", "heap b"]));
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "grid:2x3", "upto": [3, 3], "kind": "misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["axes"], json!(["rows", "columns"]));
    assert_eq!(body["rows"].as_array().unwrap().len(), 3);
    refused(
        &post(&app, "/api/table", json!({"spec": "wythoff", "upto": 5})).await,
        "pairs",
    );
    refused(
        &post(&app, "/api/table", json!({"spec": "kayles", "upto": [5, 5]})).await,
        "heap game",
    );
}

/// The page's tables go through the library's one path, so they reach
/// what `sprague table` reaches: Officers to 10^6 by the sequence engine
/// (the dense table alone would need more than 10^11 steps).
#[tokio::test]
async fn long_tables_reach_the_cli_s_range() {
    // What is checked is the reach, not the deadline: a debug build on a
    // loaded machine may take longer than the default 20 s.
    let app = sprague_web::router(sprague_web::Config {
        timeout: std::time::Duration::from_secs(300),
        ..sprague_web::Config::default()
    });
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "octal:0.6", "upto": 1_000_000}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let values = body["values"].as_array().unwrap();
    assert_eq!(values.len(), 1_000_001);
    let Ok(sprague::rules::Game::Octal(officers)) = "octal:0.6".parse() else {
        unreachable!()
    };
    let plain = sprague::solve::Solver::new(&officers, Default::default())
        .heap_table(3000)
        .unwrap()
        .to_vec();
    let start: Vec<u32> = values[..=3000]
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(start, plain);
}

/// Tables beyond normal play: the library's exact tables, as `sprague
/// table --misere/--remoteness/--genus --json` prints them; a loopy
/// game's table is its generalised values without being asked.
#[tokio::test]
async fn misere_remoteness_genus_and_loopy_tables() {
    let app = app();
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "nim", "upto": 4, "kind": "misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"spec": "nim", "convention": "misere", "kind": "misere", "values": [1, 0, 2, 3, 4]})
    );
    // Remoteness under misère play: at 0 the player to move has won.
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "subtract:1,2", "upto": 4, "kind": "remoteness", "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["convention"], "misere");
    assert_eq!(body["values"][0], 0);
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "dawson-kayles", "upto": 6, "kind": "genus"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["values"][0].as_str().unwrap().starts_with("0^1"), "{body}");
    let (status, body) = post(&app, "/api/table", json!({"spec": "updown:1,2/3/20", "upto": 5})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["kind"], "generalized");
    assert_eq!(body["values"].as_array().unwrap().len(), 6);
    refused(
        &post(
            &app,
            "/api/table",
            json!({"spec": "nim", "upto": 4, "kind": "sideways"}),
        )
        .await,
        "unknown variant",
    );
    // `misere` alone asks for misère values, as `table --misere` does;
    // genus and generalised values are of normal play.
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "nim", "upto": 4, "misere": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["kind"], "misere");
    assert_eq!(body["values"], json!([1, 0, 2, 3, 4]));
    refused(
        &post(
            &app,
            "/api/table",
            json!({"spec": "nim", "upto": 4, "kind": "genus", "misere": true}),
        )
        .await,
        "normal play",
    );
}

/// A line of misère values that `--max-states` ends keeps the heaps
/// before the bound, says where it stopped and why, and agrees with the
/// whole line there; a grid at a bound is still an error.
#[tokio::test]
async fn a_bound_ends_a_misere_line_with_the_values_before_it() {
    let tight = app_with(|c| c.limits.max_states = 2_000);
    let (status, body) = post(
        &tight,
        "/api/table",
        json!({"spec": "kayles", "upto": 40, "kind": "misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let kept = body["values"].as_array().unwrap().clone();
    let at = body["stopped_at"].as_u64().unwrap();
    assert_eq!(at as usize, kept.len(), "{body}");
    assert!(kept.len() > 5 && kept.len() < 41, "{body}");
    let why = body["stopped"].as_str().unwrap();
    assert!(
        why.starts_with(&format!("the table stops at heap {at}: ")),
        "{why}"
    );
    assert!(why.contains("2000"), "{why}");
    let (status, whole) = post(
        &app(),
        "/api/table",
        json!({"spec": "kayles", "upto": 40, "kind": "misere"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{whole}");
    assert!(
        whole.get("stopped").is_none() && whole.get("stopped_at").is_none(),
        "{whole}"
    );
    assert_eq!(whole["values"].as_array().unwrap()[..kept.len()], kept[..]);
    refused(
        &post(
            &tight,
            "/api/table",
            json!({"spec": "wythoff", "upto": [60, 60], "kind": "misere"}),
        )
        .await,
        "2000",
    );
}

#[tokio::test]
async fn analyze_finds_the_kayles_period_with_its_proof_and_code() {
    let app = app();
    let (status, body) = post(&app, "/api/analyze", json!({"spec": "kayles", "emit": "python"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["spec"], "octal:0.77");
    let proven = body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["status"] == "proven")
        .unwrap();
    assert!(proven["argument"].as_str().unwrap().len() > 10);
    assert!(body["proven"].as_str().unwrap().contains("12"));
    assert!(body["code"].as_str().unwrap().contains("def grundy"));
    refused(
        &post(&app, "/api/analyze", json!({"spec": "kayles", "emit": "cobol"})).await,
        "cobol",
    );
    let (status, body) = post(&app, "/api/analyze", json!({"spec": "wythoff", "upto": [12, 12]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["checked_upto"], 12);
}

#[tokio::test]
async fn solve_answers_in_the_contest_format() {
    let app = app();
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"problem": "fdivgame", "input": "2\n2\n3 4\n3\n1 3 5\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let out = body["output"].as_str().unwrap();
    assert_eq!(out.lines().count(), 2, "{out}");
    let (status, body) = post(
        &app,
        "/api/solve",
        json!({"problem": "fdivgame", "input": "2\n2\n3 4\nx\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().contains("line"), "{body}");
    assert_eq!(body["output"].as_str().unwrap().lines().count(), 1);
    refused(
        &post(&app, "/api/solve", json!({"problem": "nope", "input": ""})).await,
        "unknown problem",
    );
}

#[tokio::test]
async fn games_and_problems_are_listed() {
    let app = app();
    let (status, body) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, serde_json::to_value(sprague::rules::catalog()).unwrap());
    let (_, body) = get(&app, "/api/problems").await;
    assert!(body.as_array().unwrap().iter().any(|p| p["name"] == "fdivgame"));
}

#[tokio::test]
async fn an_uploaded_script_runs_in_the_sandbox() {
    let app = app();
    let script = "const HEAP = true;\nfn moves(n) { let m = []; for k in [1, 3, 4] { if k <= n { m.push(n - k); } } m }";
    let (status, body) = post(
        &app,
        "/api/table",
        json!({"spec": "script:sub.rhai", "script": script, "upto": 7}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, want) = post(&app, "/api/table", json!({"spec": "subtract:1,3,4", "upto": 7})).await;
    assert_eq!(body["values"], want["values"]);
    let hostile = "const HEAP = true;\nfn moves(n) { loop { } }";
    let answer = post(
        &app,
        "/api/value",
        json!({"spec": "script:x.rhai", "script": hostile, "positions": [3]}),
    )
    .await;
    refused(&answer, "limit");
}

#[tokio::test]
async fn the_page_and_its_chart_library_are_embedded() {
    let app = app();
    let (status, body) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.as_str().unwrap().contains("<title>sprague"));
    let (status, _) = get(&app, "/vendor/plotly-cartesian.min.js").await;
    assert_eq!(status, StatusCode::OK);
}

/// A family of boards (`cram:3xN`) through the library's one call for
/// tables, as `sprague table` computes it, and each value the generic
/// solver's on the member's whole start.
#[tokio::test]
async fn table_along_a_family_of_boards() {
    use sprague::rules::{Game, GameVisitor, Ruleset};
    use sprague::solve::{Limits, Solver};
    struct Start;
    impl GameVisitor for Start {
        type Output = u64;
        fn visit<R: Ruleset>(self, rules: &R) -> u64 {
            let p = rules.start().unwrap();
            Solver::new(rules, Limits::default()).grundy(&p).unwrap().0
        }
    }
    let app = app();
    for (family, upto) in [("cram:3xN", 5u64), ("node-kayles:path:N", 16)] {
        let (status, body) = post(&app, "/api/table", json!({"spec": family, "upto": upto})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["spec"], family);
        let want: Vec<u64> = (0..=upto)
            .map(|n| match n {
                0 => 0,
                _ => sprague::rules::family_member(family, n)
                    .parse::<Game>()
                    .unwrap()
                    .visit(Start),
            })
            .collect();
        assert_eq!(body["values"], json!(want), "{family}");
    }
    for (body, says) in [
        (json!({"spec": "cram:3xN", "upto": [3, 3]}), "not `upto` [3, 3]"),
        (
            json!({"spec": "cram:3xN", "upto": 3, "misere": true}),
            "Grundy values in normal play only, not `misere`",
        ),
        (
            json!({"spec": "cram:3xN", "upto": 3, "kind": "remoteness"}),
            "not `kind` \"remoteness\": ask one board for that (`cram:3x5`)",
        ),
        (json!({"spec": "subtract:N", "upto": 3}), "not a game on a board"),
        // One board has no line: the library's error, as the CLI gives it.
        (
            json!({"spec": "cram:3x4", "upto": 5}),
            "write N in place of one size",
        ),
    ] {
        let (status, got) = post(&app, "/api/table", body).await;
        assert!(status.is_client_error(), "{status} {got}");
        assert!(got["error"].as_str().unwrap().contains(says), "{got}");
    }
    // Along a family: the library's family report, as `analyze FAMILY
    // --json`; paths are heaps, so their period is proven.
    let (status, got) = post(&app, "/api/analyze", json!({"spec": "node-kayles:path:N"})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["heap_game"], "octal:0.137");
    assert_eq!(
        got["period"],
        json!({"preperiod": 52, "period": 34, "saltus": 0, "status": "proven"})
    );
    let (status, got) = post(&app, "/api/analyze", json!({"spec": "cram:2xN", "upto": 8})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["values"], json!([0, 1, 0, 1, 0, 1, 0, 1, 0]));
    assert_eq!(got["period"]["status"], "proven");
    assert!(got["argument"].as_str().unwrap().contains("Uiterwijk"), "{got}");
    refused(
        &post(
            &app,
            "/api/analyze",
            json!({"spec": "cram:2xN", "emit": "python"}),
        )
        .await,
        "no evaluator to emit",
    );
    refused(
        &post(&app, "/api/analyze", json!({"spec": "cram:2xN", "upto": [4, 4]})).await,
        "varies one size, N: give one number to go up to, not `upto` [4, 4]",
    );
    // Three-row Chomp is its P-positions, as the CLI lists them.
    let (status, got) = post(&app, "/api/analyze", json!({"spec": "chomp:3xN", "upto": 5})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(
        got["third_rows"][1]["positions"],
        json!([[3, 1, 1], [2, 2, 1]]),
        "{got}"
    );
    refused(
        &post(&app, "/api/analyze", json!({"spec": "cram:2xN", "misere": true})).await,
        "normal play only",
    );
    refused(
        &post(
            &app,
            "/api/analyze",
            json!({"spec": "node-kayles:path:N", "emit": "rust"}),
        )
        .await,
        "sprague analyze octal:0.137 --emit",
    );
    let (status, got) = post(&app, "/api/analyze", json!({"spec": "node-kayles:path:6"})).await;
    assert!(status.is_client_error(), "{status} {got}");
    assert!(
        got["error"].as_str().unwrap().contains("not a line of values"),
        "{got}"
    );
}
