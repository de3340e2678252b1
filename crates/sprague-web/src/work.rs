//! Computations off the async threads, in two lanes, each on a thread of
//! its own with the stack a script needs.
//!
//! Why two lanes: one heavy request (a misère sum, a random-play value)
//! may compute for the whole time limit, and the page must answer a nim
//! sum or a game's state meanwhile. A request whose cost estimate is
//! bounded ([`Cost::Light`]: a catalog game, small sizes) is first tried
//! in the light lane for at most [`LIGHT_TIME`] of CPU; stopped there, it goes on
//! in the heavy lane with the same bounds, so its answer is the one the
//! heavy lane would give. Everything else ([`Cost::Heavy`]: scripts,
//! random play, long tables) goes to the heavy lane at once. The light
//! lane never waits for a heavy computation, and heavy threads run at a
//! lower scheduling priority, so light answers stay fast on a busy machine.
//!
//! A client (see [`Client`]) holds at most its share of the heavy slots:
//! its further heavy requests wait for its own to end, not the others'.
//! Waiting counts against the request's time limit; a job still running at
//! the limit (or whose request is dropped) is answered with a 503 and
//! stopped: each job gets a stop token of its own in its limits
//! ([`Budget::limits`]), which the server stops, and its thread gives its
//! slot back when the computation sees it.

use crate::client::Client;
use crate::error::ApiError;
use sprague::solve::Limits;
use sprague::Stop;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// The most CPU time a request may use in the light lane before it is
/// stopped and moved to the heavy lane (CPU time, not wall-clock: on a
/// busy machine a cheap request may wait for the CPU, and must not be
/// taken for an expensive one).
pub const LIGHT_TIME: Duration = Duration::from_millis(20);

/// The longest a request may stay in the light lane, CPU time or not.
const LIGHT_WALL: Duration = Duration::from_secs(1);

/// How often the CPU time of a light computation is looked at.
const LIGHT_POLL: Duration = Duration::from_millis(4);

/// The native stack of a computing thread: a script may nest its calls
/// [`sprague::rules::MAX_SCRIPT_DEPTH`] deep, each call some tens of
/// kilobytes of Rhai's evaluator (the deepest accepted script needs about
/// 8 MiB in a release build). Only the pages used are ever touched.
pub const STACK: usize = sprague::rules::SCRIPT_STACK;

/// The most heavy requests that may wait for a slot; past that a request
/// is answered 503 at once instead of holding its connection.
const MAX_WAITING: usize = 64;

/// What a request may cost, as estimated before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cost {
    /// Bounded by the estimate: try the light lane first, unless the same
    /// request (its [`fingerprint`], where it has one) left it before.
    Light(Option<u64>),
    /// Possibly long: the heavy lane.
    Heavy,
}

/// A request's fingerprint: the same question asked again has the same.
pub(crate) fn fingerprint(request: &impl std::fmt::Debug) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(format!("{request:?}"))
}

/// Fingerprints of requests that left the light lane, remembered (at most
/// this many; then forgotten all at once).
const MAX_ESCALATED: usize = 4096;

/// What a job is given: the bounds it computes within and the lane it
/// runs in (a light job must not wait on a lock a heavy one holds).
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// The bounds of every computation (the server's, in both lanes), the
    /// memory bound, and the job's own stop token: every computation of
    /// the job must be given these limits (or a clone) to be stopped.
    pub limits: Limits,
    /// Whether the job runs in the light lane.
    pub light: bool,
}

/// The two lanes and who holds the heavy slots.
pub(crate) struct Pool {
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    /// Heavy slots each client may hold at once.
    share: usize,
    /// The heavy slots each client holds, as a semaphore of `share` permits.
    clients: Arc<Mutex<HashMap<Client, Arc<Semaphore>>>>,
    /// Requests that left the light lane: asked again, they go heavy.
    escalated: Mutex<HashSet<u64>>,
    waiting: AtomicUsize,
    timeout: Duration,
    limits: Limits,
    /// The most bytes one computation's big tables may take.
    memory: u64,
    running: Arc<AtomicUsize>,
}

impl Pool {
    /// `heavy` heavy slots (at most half of them, rounded up, for one
    /// client) and `light` light ones; every request answered within
    /// `timeout`, computing within `limits` and `memory` bytes.
    pub fn new(heavy: usize, light: usize, timeout: Duration, limits: Limits, memory: u64) -> Pool {
        let heavy = heavy.max(1);
        Pool {
            light: Arc::new(Semaphore::new(light.max(1))),
            heavy: Arc::new(Semaphore::new(heavy)),
            share: heavy.div_ceil(2),
            clients: Arc::default(),
            escalated: Mutex::default(),
            waiting: AtomicUsize::new(0),
            timeout,
            limits,
            memory,
            running: Arc::default(),
        }
    }

    /// Runs `job` for `client` in the lane its `cost` asks for, within the
    /// time limit. `job` may run twice (a light try stopped, then the heavy
    /// run): it must change nothing when it fails with
    /// [`sprague::Error::Stopped`].
    pub async fn run<T, F>(&self, client: &Client, cost: Cost, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let deadline = Instant::now() + self.timeout;
        let job = Arc::new(job);
        let work = async {
            if let Cost::Light(key) = cost {
                if !key.is_some_and(|k| self.escalated().contains(&k)) {
                    if let Some(r) = self.light_try(job.clone()).await {
                        return r;
                    }
                    if let Some(k) = key {
                        let mut seen = self.escalated();
                        if seen.len() >= MAX_ESCALATED {
                            seen.clear();
                        }
                        seen.insert(k);
                    }
                }
            }
            self.heavy_run(client, job).await
        };
        match tokio::time::timeout_at(deadline, work).await {
            Ok(r) => r,
            Err(_) => Err(ApiError::busy(format!(
                "no answer within {}: ask something smaller",
                seconds(self.timeout)
            ))),
        }
    }

    fn escalated(&self) -> std::sync::MutexGuard<'_, HashSet<u64>> {
        self.escalated.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The light try: the answer, or `None` when the job was stopped at
    /// [`LIGHT_TIME`] of CPU or [`LIGHT_WALL`] (or left the light lane) and
    /// must run heavy.
    async fn light_try<T, F>(&self, job: Arc<F>) -> Option<Result<T, ApiError>>
    where
        T: Send + 'static,
        F: Fn(Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let permit = match self.light.clone().acquire_owned().await {
            Ok(p) => p,
            Err(_) => return Some(Err(ApiError::busy("the server is shutting down"))),
        };
        let flag = Stop::new();
        let budget = self.budget(&flag, true);
        let spawned = self.spawn(Lane::Light, vec![permit], move || job(budget));
        let (mut answer, thread) = match spawned {
            Ok(pair) => pair,
            Err(e) => return Some(Err(e)),
        };
        // Stopped on drop: the request gone, the light try ends too.
        let stop = StopOnDrop(flag.clone());
        let clock = crate::sys::CpuClock::of(&thread);
        let started = Instant::now();
        let r = loop {
            tokio::select! {
                r = &mut answer => break r,
                () = tokio::time::sleep(LIGHT_POLL) => {
                    let used = clock.as_ref().and_then(|c| c.used()).unwrap_or(started.elapsed());
                    if used >= LIGHT_TIME || started.elapsed() >= LIGHT_WALL {
                        // Past the light budget: stop it and take what it
                        // ends with (it may have finished meanwhile; a
                        // stopped job changed nothing, so running it again
                        // is safe).
                        flag.stop();
                        break answer.await;
                    }
                }
            }
        };
        drop(thread);
        drop(stop);
        match r {
            Ok(Err(e)) if e.is_stop() || e.leaves_light_lane() => None,
            Ok(r) => Some(r),
            Err(_) => Some(Err(ApiError::internal("internal error: the computation failed"))),
        }
    }

    /// The heavy run: waits for one of the client's slots, then for one of
    /// the heavy lane's.
    async fn heavy_run<T, F>(&self, client: &Client, job: Arc<F>) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::busy(format!(
                "the server is busy ({MAX_WAITING} long computations wait): try again later"
            )));
        }
        let waiting = Waiting(&self.waiting);
        let own = self.client_slots(client);
        let own = own.acquire_owned().await;
        let heavy = self.heavy.clone().acquire_owned().await;
        drop(waiting);
        let (Ok(own), Ok(heavy)) = (own, heavy) else {
            return Err(ApiError::busy("the server is shutting down"));
        };
        let flag = Stop::new();
        let budget = self.budget(&flag, false);
        let _stop = StopOnDrop(flag);
        let (answer, _thread) = self.spawn(Lane::Heavy, vec![own, heavy], move || job(budget))?;
        answer
            .await
            .unwrap_or_else(|_| Err(ApiError::internal("internal error: the computation failed")))
    }

    /// The semaphore of `client`'s heavy slots (made on first use, dropped
    /// from the map once no request of the client holds or waits for it).
    fn client_slots(&self, client: &Client) -> Arc<Semaphore> {
        let mut map = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        // Forget clients that hold nothing (only the map knows them).
        if map.len() > 256 {
            map.retain(|_, s| Arc::strong_count(s) > 1);
        }
        map.entry(client.clone())
            .or_insert_with(|| Arc::new(Semaphore::new(self.share)))
            .clone()
    }

    /// What a job stopped by `stop` is given: the server's limits, its
    /// memory bound and the token.
    fn budget(&self, stop: &Stop, light: bool) -> Budget {
        Budget {
            limits: Limits {
                max_memory: Some(self.memory),
                stop: stop.clone(),
                ..self.limits.clone()
            },
            light,
        }
    }

    /// Starts `job` on a thread of its own, holding `permits` until it
    /// ends; its answer comes on the channel (the thread's handle beside
    /// it, dropped to let the thread go).
    fn spawn<T, F>(
        &self,
        lane: Lane,
        permits: Vec<OwnedSemaphorePermit>,
        job: F,
    ) -> Result<(Answer<T>, std::thread::JoinHandle<()>), ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let running = self.running.clone();
        running.fetch_add(1, Ordering::SeqCst);
        let spawned = std::thread::Builder::new()
            .name(lane.thread_name().into())
            .stack_size(STACK)
            .spawn(move || {
                let _running = Running(running);
                let _permits = permits;
                if lane == Lane::Heavy {
                    crate::sys::lower_priority();
                }
                let answer = job();
                let _ = tx.send(answer);
                if lane == Lane::Heavy {
                    crate::sys::give_memory_back();
                }
            });
        match spawned {
            Ok(thread) => Ok((rx, thread)),
            Err(_) => {
                self.running.fetch_sub(1, Ordering::SeqCst);
                Err(ApiError::busy(
                    "the server cannot start a thread now: try again later",
                ))
            }
        }
    }
}

/// Where a computing thread sends its answer.
type Answer<T> = oneshot::Receiver<Result<T, ApiError>>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lane {
    Light,
    Heavy,
}

impl Lane {
    fn thread_name(self) -> &'static str {
        match self {
            Lane::Light => "sprague-light",
            Lane::Heavy => "sprague-heavy",
        }
    }
}

/// Counts a computing thread while it lives.
struct Running(Arc<AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Counts a request waiting for a heavy slot.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A time limit as people write it: `20 s`, or `0.6 s` below a second.
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} s", d.as_secs_f64())
    }
}

/// Stops the computation of a request when the request's future is
/// dropped: at the time limit, or when the client goes away.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}
