//! The play endpoints: games against the computer held on the server, one
//! [`Session`] each, in a bounded map whose untouched games expire.
//!
//! A game's state is answered with the keys of a `turn` line of
//! `sprague play --json` (`moves_made`, `to_move`, `position`, `shapes`,
//! `moves`, `all_moves_listed`), plus its id, the history and, once over,
//! the summary. Ratings of the moves come from `/hints`, as `hint` does.

use crate::api::{body, load_game, positions, PositionText};
use crate::client::Client;
use crate::error::ApiError;
use crate::work::{Budget, Cost};
use crate::Shared;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use sprague::play::{
    Config, First, Listed, Opponent, PlayError, Played, Session, Shape, Side, Standing, Summary,
};
use sprague::solve::Play;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The longest a loopy game may be made to last, in moves (as the CLI's
/// `--max-turns`).
const MAX_TURNS: usize = 1_000_000;

/// The games in play.
pub(crate) struct Games {
    held: Mutex<HashMap<String, Held>>,
    max: usize,
    ttl: Duration,
    keys: RandomState,
    count: AtomicU64,
}

struct Held {
    session: Arc<Mutex<Session>>,
    used: Instant,
}

impl Games {
    /// At most `max` games, each kept `ttl` after its last request.
    pub fn new(max: usize, ttl: Duration) -> Games {
        Games {
            held: Mutex::new(HashMap::new()),
            max: max.max(1),
            ttl,
            keys: RandomState::new(),
            count: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Held>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `session` under a new id, dropping expired games and, when
    /// still full, the one untouched longest.
    fn insert(&self, session: Session) -> String {
        let n = self.count.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", self.keys.hash_one(n));
        let mut held = self.lock();
        let now = Instant::now();
        held.retain(|_, h| now.duration_since(h.used) < self.ttl);
        if held.len() >= self.max {
            if let Some(oldest) = held.iter().min_by_key(|(_, h)| h.used).map(|(k, _)| k.clone()) {
                held.remove(&oldest);
            }
        }
        held.insert(
            id.clone(),
            Held {
                session: Arc::new(Mutex::new(session)),
                used: now,
            },
        );
        id
    }

    /// The game `id`, marked as used now.
    fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let mut held = self.lock();
        let now = Instant::now();
        match held.get_mut(id) {
            Some(h) if now.duration_since(h.used) < self.ttl => {
                h.used = now;
                Ok(h.session.clone())
            }
            _ => {
                held.remove(id);
                Err(ApiError::not_found(format!(
                    "no game `{}` (it ended or expired: start a new one)",
                    sprague::excerpt(id)
                )))
            }
        }
    }
}

/// `POST /api/play`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StartRequest {
    spec: String,
    #[serde(default)]
    script: Option<String>,
    positions: Vec<PositionText>,
    #[serde(default)]
    misere: bool,
    /// `perfect`, `random` or `fallible:P`.
    #[serde(default)]
    opponent: Option<String>,
    /// `me`, `computer` or `random`.
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    max_turns: Option<usize>,
}

/// A legal move as the state lists it.
#[derive(Serialize)]
struct MoveOut<'a> {
    /// 1-based, as `/move` takes it.
    number: usize,
    component: usize,
    label: &'a str,
    after: &'a [String],
}

/// A game's state.
#[derive(Serialize)]
struct StateOut<'a> {
    id: &'a str,
    spec: String,
    convention: &'static str,
    opponent: String,
    loopy: bool,
    first: Side,
    moves_made: usize,
    to_move: Side,
    position: &'a [String],
    shapes: &'a [Shape],
    /// The start of each component (`Session::boards`): the regions of
    /// one start are drawn on one board.
    boards: Vec<usize>,
    /// How each start looked (`Session::start_shapes`): every board of a
    /// sum is drawn, also one whose regions are all gone.
    start_shapes: &'a [Shape],
    moves: Vec<MoveOut<'a>>,
    all_moves_listed: bool,
    history: &'a [Played],
    summary: Option<Summary>,
    note: Option<&'a str>,
}

/// The hints for the position: as `hint` in `sprague play --json`.
#[derive(Serialize)]
struct HintsOut<'a> {
    standing: Option<Standing>,
    /// The perfect move, 1-based.
    best: Option<usize>,
    /// One per listed move, in order.
    ratings: Vec<Option<sprague::play::Rating>>,
    moves: &'a [Listed],
}

fn state(id: &str, s: &Session) -> Response {
    let out = StateOut {
        id,
        spec: s.spec(),
        convention: s.play_convention().name(),
        opponent: s.opponent().to_string(),
        loopy: s.is_loopy(),
        first: s.first(),
        moves_made: s.history().len(),
        to_move: s.to_move(),
        position: s.position(),
        shapes: s.shapes(),
        boards: s.boards(),
        start_shapes: s.start_shapes(),
        moves: s
            .moves()
            .iter()
            .enumerate()
            .map(|(i, m)| MoveOut {
                number: i + 1,
                component: m.component,
                label: &m.label,
                after: &m.after,
            })
            .collect(),
        all_moves_listed: s.moves_complete(),
        history: s.history(),
        summary: s.summary(),
        note: s.note(),
    };
    Json(out).into_response()
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> ApiError {
        match e {
            PlayError::Refused(r) => ApiError::conflict(r.to_string()),
            PlayError::Failed(e) => e.into(),
        }
    }
}

/// `POST /api/play`: starts a game; answers its state (with its `id`).
pub(crate) async fn start(
    State(s): State<Shared>,
    client: Client,
    json: Result<Json<StartRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let key = r.script.is_none().then(|| crate::work::fingerprint(&r));
    let positions = positions(r.positions)?;
    let opponent = match &r.opponent {
        Some(t) => t.parse::<Opponent>().map_err(ApiError::bad)?,
        None => Opponent::Perfect,
    };
    let first = match r.first.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("me" | "you") => First::Me,
        Some("computer") => First::Computer,
        Some("random") => First::Random,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "bad `first` `{}`: give me, computer or random",
                sprague::excerpt(other)
            )))
        }
    };
    let max_turns = match r.max_turns {
        None => 200,
        Some(n @ 1..=MAX_TURNS) => n,
        Some(n) => {
            return Err(ApiError::bad(format!(
                "`max_turns` {n} is out of range: give 1 to {MAX_TURNS}"
            )))
        }
    };
    let seed = r.seed.unwrap_or_else(|| RandomState::new().hash_one(0u8));
    let shared = s.clone();
    let script_limits = s.config.script_limits;
    let cost = if r.script.is_some() {
        Cost::Heavy
    } else {
        Cost::Light(key)
    };
    s.work
        .run(&client, cost, move |budget| {
            let config = Config {
                play: if r.misere { Play::Misere } else { Play::Normal },
                opponent,
                seed,
                first,
                limits: budget.limits,
                max_turns,
            };
            let game = load_game(&r.spec, r.script.as_deref(), script_limits)?;
            let session = Session::new(game, &positions, config)?;
            let id = shared.games.insert(session);
            let held = shared.games.get(&id)?;
            let session = lock(&held);
            Ok(state(&id, &session))
        })
        .await
}

fn lock(s: &Mutex<Session>) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The game's lock: in the light lane only if it is free at once (a game
/// busy with a heavy request sends the request to the heavy lane).
fn lock_in<'a>(s: &'a Mutex<Session>, budget: &Budget) -> Result<MutexGuard<'a, Session>, ApiError> {
    if !budget.light {
        return Ok(lock(s));
    }
    match s.try_lock() {
        Ok(g) => Ok(g),
        Err(std::sync::TryLockError::Poisoned(p)) => Ok(p.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => Err(ApiError::needs_heavy_lane()),
    }
}

/// Runs `act` on game `id` off the async threads and answers its state.
/// `act` must change nothing when stopped: it may be tried in the light
/// lane, stopped there, and run again in the heavy one.
async fn with_game(
    s: Shared,
    client: Client,
    id: String,
    act: impl Fn(&mut Session) -> Result<(), ApiError> + Send + Sync + 'static,
) -> Result<Response, ApiError> {
    let held = s.games.get(&id)?;
    s.work
        .run(&client, Cost::Light(None), move |budget| {
            let mut session = lock_in(&held, &budget)?;
            // The analyses `act` starts are this request's: its bounds, its
            // stop token.
            session.set_limits(budget.limits);
            act(&mut session)?;
            Ok(state(&id, &session))
        })
        .await
}

/// `GET /api/play/{id}`: the state.
pub(crate) async fn show(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    with_game(s, client, id, |_| Ok(())).await
}

/// `DELETE /api/play/{id}`: forgets the game.
pub(crate) async fn end(State(s): State<Shared>, Path(id): Path<String>) -> Result<Response, ApiError> {
    s.games.get(&id)?;
    s.games.lock().remove(&id);
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/play/{id}/move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    /// A move number (1-based), a label, or the position it leaves.
    #[serde(rename = "move")]
    chosen: PositionText,
}

/// `POST /api/play/{id}/move`: makes your move.
pub(crate) async fn human_move(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
    json: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let r = body(json)?;
    let text = positions(vec![r.chosen])?.remove(0);
    with_game(s, client, id, move |session| {
        let i = session
            .find_move(&text)
            .map_err(|e| ApiError::conflict(e.to_string()))?;
        session.play(i)?;
        Ok(())
    })
    .await
}

/// `POST /api/play/{id}/computer`: the computer makes its move.
pub(crate) async fn computer_move(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    with_game(s, client, id, |session| {
        session.computer_move()?;
        Ok(())
    })
    .await
}

/// `POST /api/play/{id}/undo`: takes back your last move and the replies.
pub(crate) async fn undo(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    with_game(s, client, id, |session| match session.undo()? {
        true => Ok(()),
        false => Err(ApiError::conflict("nothing to undo")),
    })
    .await
}

/// `POST /api/play/{id}/redo`: plays again what undo took back.
pub(crate) async fn redo(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    with_game(s, client, id, |session| match session.redo()? {
        true => Ok(()),
        false => Err(ApiError::conflict("nothing to redo")),
    })
    .await
}

/// `POST /api/play/{id}/restart`: the same game from its start.
pub(crate) async fn restart(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    with_game(s, client, id, |session| Ok(session.restart()?)).await
}

/// `GET /api/play/{id}/hints`: where you stand, the perfect move and what
/// every move leads to.
pub(crate) async fn hints(
    State(s): State<Shared>,
    client: Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let held = s.games.get(&id)?;
    s.work
        .run(&client, Cost::Light(None), move |budget| {
            let session = lock_in(&held, &budget)?;
            let out = HintsOut {
                standing: session.standing(),
                best: session.best_move().map(|b| b + 1),
                ratings: session.moves().iter().map(|m| m.rating).collect(),
                moves: session.moves(),
            };
            Ok(Json(out).into_response())
        })
        .await
}
