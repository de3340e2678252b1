//! Tests of `session`.

use super::*;

fn session(spec: &str, sum: &[&str], config: Config) -> Session {
    let sum: Vec<String> = sum.iter().map(|s| s.to_string()).collect();
    Session::new(spec.parse().unwrap(), &sum, config).unwrap()
}

/// Plays both sides perfectly to the end; returns (winner, moves).
fn self_play(s: &mut Session) -> (Option<Side>, usize) {
    while s.summary().is_none() {
        if s.to_move() == Side::You {
            let b = s.best_move().unwrap();
            s.play(b).unwrap();
        } else {
            s.computer_move().unwrap();
        }
    }
    let end = s.summary().unwrap();
    (end.winner, end.moves)
}

#[test]
fn each_component_knows_its_start() {
    let me = Config {
        first: First::Me,
        ..Config::default()
    };
    let mut s = session("cram:2x3", &[".../...", "..#/..."], me);
    assert_eq!(s.boards(), vec![0, 1]);
    // The middle domino of the first board splits it in two.
    let i = s
        .moves()
        .iter()
        .position(|m| m.component == 0 && m.label == "domino b1-b2")
        .unwrap();
    s.play(i).unwrap();
    assert_eq!(s.position(), [".##/.##", "##./##.", "..#/..."]);
    assert_eq!(s.boards(), vec![0, 0, 1]);
    // The computer's reply (the first of its best moves) fills a
    // region of the first board.
    let reply = s.computer_move().unwrap().clone();
    assert!(reply.component < 2, "{reply:?}");
    assert_eq!(s.position().len(), 2);
    assert_eq!(s.boards(), vec![0, 1]);
    s.undo().unwrap();
    assert_eq!(s.boards(), vec![0, 1]);
    s.redo().unwrap();
    assert_eq!(s.boards(), vec![0, 1]);
}

#[test]
fn perfect_play_lasts_the_remoteness() {
    for (spec, sum, play) in [
        ("kayles", vec!["4", "5"], Play::Normal),
        ("kayles", vec!["4", "5"], Play::Misere),
        ("subtract:1,3,4", vec!["9", "6"], Play::Normal),
        ("grid:2x3", vec!["5,6"], Play::Normal),
        ("gcd", vec!["6,10,15,4"], Play::Normal),
    ] {
        let config = Config {
            play,
            ..Config::default()
        };
        let mut s = session(spec, &sum, config);
        let start = s.standing().unwrap();
        let (winner, moves) = self_play(&mut s);
        let want = if start.outcome == Outcome::N {
            Side::You
        } else {
            Side::Computer
        };
        assert_eq!(winner, Some(want), "{spec} {sum:?} {play:?}");
        assert_eq!(Some(moves as u32), start.remoteness, "{spec} {sum:?} {play:?}");
    }
}

#[test]
fn undo_takes_back_a_pair_and_redo_replays_it() {
    let mut s = session("nim", &["3", "4", "5"], Config::default());
    s.play(0).unwrap();
    s.computer_move().unwrap();
    let after = s.position().to_vec();
    assert!(s.undo().unwrap());
    assert_eq!(s.position(), ["3", "4", "5"]);
    assert!(s.history().is_empty());
    assert!(!s.undo().unwrap());
    assert!(s.redo().unwrap());
    assert_eq!(s.position(), &after[..]);
    assert!(!s.redo().unwrap());
    s.restart().unwrap();
    assert!(s.history().is_empty());
}

/// A move, an undo, a redo or a restart whose analysis is stopped
/// from outside (the web server at its time limit) changes nothing.
#[test]
fn a_stopped_analysis_leaves_the_game_as_it_was() {
    use crate::solve::Limits;
    // A graph bound so small that every position's analysis builds a
    // graph anew (and so looks at the stop token).
    let limits = Limits {
        max_states: 3,
        max_work: u64::MAX,
        ..Limits::default()
    };
    let config = Config {
        limits: limits.clone(),
        ..Config::default()
    };
    let mut s = session("nim", &["3", "4", "5"], config);
    let stopped = Limits {
        stop: crate::Stop::new(),
        ..limits.clone()
    };
    stopped.stop.stop();
    let moves = s.moves().len();
    // Each call under the stopped limits, then under the open ones.
    let stoppable = |s: &mut Session, act: &dyn Fn(&mut Session) -> Result<bool>| {
        s.set_limits(stopped.clone());
        let r = act(s);
        s.set_limits(limits.clone());
        r
    };
    let r = stoppable(&mut s, &|s| {
        s.play(0).map(|_| true).map_err(|e| match e {
            PlayError::Failed(e) => e,
            other => panic!("{other:?}"),
        })
    });
    assert_eq!(r, Err(Error::Stopped));
    assert!(s.history().is_empty());
    assert_eq!(s.position(), ["3", "4", "5"]);
    assert_eq!(s.moves().len(), moves);
    // Unstopped, the same move is made. Undo, redo and restart under
    // the stopped token either change nothing (stopped) or are made
    // whole (a position analysed before may need no new graph, and
    // then the token is never looked at).
    s.play(0).unwrap();
    let after = s.position().to_vec();
    match stoppable(&mut s, &|s| s.undo()) {
        Err(e) => {
            assert_eq!(e, Error::Stopped);
            assert_eq!(s.position(), &after[..]);
            assert_eq!(s.history().len(), 1);
            assert!(s.undo().unwrap());
        }
        Ok(done) => assert!(done),
    }
    assert_eq!(s.position(), ["3", "4", "5"]);
    match stoppable(&mut s, &|s| s.redo()) {
        Err(e) => {
            assert_eq!(e, Error::Stopped);
            assert_eq!(s.position(), ["3", "4", "5"]);
            assert!(s.redo().unwrap());
        }
        Ok(done) => assert!(done),
    }
    assert_eq!(s.position(), &after[..]);
    match stoppable(&mut s, &|s| s.restart().map(|()| true)) {
        Err(e) => {
            assert_eq!(e, Error::Stopped);
            assert_eq!(s.position(), &after[..]);
            assert_eq!(s.history().len(), 1);
        }
        Ok(_) => assert!(s.history().is_empty()),
    }
}

#[test]
fn loopy_draws_are_kept_and_may_be_agreed() {
    // updown:1/1/3: take 1, or add 1 up to the cap 3.
    let mut s = session("updown:1/1/3", &["2"], Config::default());
    assert_eq!(s.standing().unwrap().outcome, Outcome::D);
    // Taking 1 loses (the computer takes the last); adding 1 keeps the draw.
    assert_eq!(s.moves()[0].rating.unwrap().verdict, Verdict::Loss);
    let keep = s.best_move().unwrap();
    assert_eq!(s.moves()[keep].rating.unwrap().verdict, Verdict::Draw);
    s.play(keep).unwrap();
    s.computer_move().unwrap();
    assert_eq!(
        s.standing().unwrap().outcome,
        Outcome::D,
        "the computer keeps the draw"
    );
    assert_eq!(s.offer_draw(), Ok(true));
    assert_eq!(s.summary().unwrap().winner, None);
    // A game without draws refuses the offer.
    let mut n = session("nim", &["3"], Config::default());
    assert!(n.offer_draw().is_err());
}

#[test]
fn huge_heaps_get_a_window_and_a_winning_move() {
    let config = Config {
        first: First::Computer,
        ..Config::default()
    };
    let mut s = session("kayles", &["1000000000000000000"], config);
    assert!(!s.moves_complete());
    let p = s.computer_move().unwrap();
    assert_eq!(p.rating.unwrap().verdict, Verdict::Win);
    assert!(
        s.moves().len() <= 3 * crate::play::analysis::WINDOW,
        "{}",
        s.moves().len()
    );
    assert_eq!(s.standing().unwrap().outcome, Outcome::P);
}

#[test]
fn a_session_can_be_held_by_a_server() {
    fn owned_and_send<T: Send + 'static>() {}
    owned_and_send::<Session>();
}

#[test]
fn moves_beyond_the_window_can_be_typed() {
    let n = "1000000000000000000";
    let mut s = session("kayles", &[n, "5"], Config::default());
    let listed = s.moves().len();
    // Split the huge row far from its ends: no window holds this move.
    let i = s.find_move("5 400000000000000000 599999999999999998").unwrap();
    assert_eq!(i, listed);
    assert_eq!(
        s.moves()[i].label,
        format!("take 2 from {n}, leaving 400000000000000000 + 599999999999999998")
    );
    let j = s.find_move("take 2 from heap 1").unwrap();
    assert_eq!(s.moves()[j].after, ["999999999999999998", "5"]);
    assert!(s.find_move("take 3 from heap 1").is_err(), "Kayles takes 1 or 2");
    assert!(
        s.find_move("5 7 999999999999999990").is_err(),
        "not a Kayles move"
    );
    s.play(i).unwrap();
    assert_eq!(s.position(), ["400000000000000000", "599999999999999998", "5"]);
}

#[test]
fn fallible_and_random_opponents_follow_the_seed() {
    let run = |opponent, seed| {
        let config = Config {
            opponent,
            seed,
            first: First::Computer,
            ..Config::default()
        };
        let mut s = session("kayles", &["9", "8", "7"], config);
        let mut moves = Vec::new();
        while s.summary().is_none() {
            if s.to_move() == Side::You {
                s.play(0).unwrap();
            } else {
                moves.push(s.computer_move().unwrap().label.clone());
            }
        }
        moves
    };
    for o in [Opponent::Random, Opponent::Fallible(0.5)] {
        assert_eq!(run(o, 5), run(o, 5));
        // An opponent that ignored its seed would play one game only.
        let games: std::collections::HashSet<Vec<String>> = (1..=8).map(|seed| run(o, seed)).collect();
        assert!(games.len() > 1, "{o:?}: the same game for eight seeds");
    }
    assert_eq!("fallible:0.25".parse::<Opponent>(), Ok(Opponent::Fallible(0.25)));
    assert!("fallible:1.5".parse::<Opponent>().is_err());
    assert!("smart".parse::<Opponent>().is_err());
}
