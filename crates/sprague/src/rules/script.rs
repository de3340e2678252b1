//! Rules written in Rhai: a script defines the moves, sprague solves them.
//!
//! The loader compiles script *text* (reading the file is the front end's
//! job), runs its top-level statements once, and evaluates its functions
//! with one engine per thread (a pool of engines, each with its own
//! compiled copy and taken by one call at a time: threads sharing one Rhai
//! engine slow each other down), in a
//! sandbox: no `import`, no `eval`, no printing, no file, network or
//! process access (the engine has no such functions), and every call
//! bounded by [`ScriptLimits`]. The script API is documented on
//! [`ScriptRules`] and in `docs/scripts.md`.

use super::dynamic::{DynMove, DynamicRules, Value, MAX_DEPTH};
use super::script_limits::{ScriptLimits, MAX_SCRIPT_DEPTH};
use super::HeapListing;
use crate::{excerpt, Bound, Error, Result, Stop};
use rhai::{CallFnOptions, Dynamic as RDyn, Engine, EvalAltResult, Position, Scope, AST, INT};
use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The parts a move leaves, as a script writes them: `parts(a, b)`.
#[derive(Clone, Debug)]
struct Parts(rhai::Array);

/// A game whose rules are a Rhai script.
///
/// # The script API
///
/// - `fn moves(p)` (required): the moves from position `p`, as an array.
///   A move is the position it leads to (`n - 1`, `[a, b - 1]`); or
///   `parts(a, b, …)`, a move that leaves several components (a disjunctive
///   sum: Kayles splits a row in two), `parts()` leaving none; or a map
///   `#{to: …, label: "…"}` giving either form a name.
/// - Positions are integers or arrays of them (nested arrays too).
/// - `const HEAP = true;`: positions are heap sizes n ≥ 0 and every move
///   leaves heaps smaller than n; tables, `analyze` and plots then apply,
///   and tables are filled bottom-up.
/// - `const LOOPY = true;`: positions may recur (the loopy solvers run).
/// - `fn label(p, to)` (optional): the name of a move from `p` to `to`
///   (a position or `parts(…)`; in a heap game 0 when nothing is left)
///   that came without one, asked only when moves are shown (cheaper than
///   a label on every move).
/// - `fn format(p)` and `fn parse(text)` (optional): how a position is
///   written and read; by default `7`, `3,4`, `[1,2,5]`.
/// - `fn pair(x, y)` and `const ORIGIN = 1;` (optional): the position in
///   cell (x, y) of a 2-D table (by default `[x, y]`) and its first row
///   and column (by default 0).
/// - Constants defined at the top (`const S = [1, 3, 4];`) are seen by
///   every function.
///
/// ```
/// use sprague::rules::{ScriptLimits, ScriptRules, Value, DynamicRules};
/// let text = "const HEAP = true;\nfn moves(n) { [1, 3, 4].filter(|k| k <= n).map(|k| n - k) }";
/// let rules = ScriptRules::compile("sub.rhai", text, ScriptLimits::default()).unwrap();
/// let moves = rules.moves(&Value::Int(5), &sprague::Stop::new()).unwrap();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[2].parts, [Value::Int(1)]);
/// ```
pub struct ScriptRules {
    name: String,
    /// Engines not in use, each configured alike (sandbox, limits,
    /// constants) and with its own copy of the script's functions; a call
    /// takes one and gives it back.
    engines: Mutex<Vec<(Engine, AST)>>,
    /// The top-level constants, seen by every function.
    constants: Arc<HashMap<String, RDyn>>,
    /// The script's text, compiled again for each new engine.
    text: String,
    heap: bool,
    loopy: bool,
    origin: u64,
    has: HashMap<&'static str, bool>,
    moves_line: Option<usize>,
    limits: ScriptLimits,
}

impl fmt::Debug for ScriptRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScriptRules({})", self.name)
    }
}

/// `line L, column C: ` for a position in the script, or nothing.
fn at(pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
        (Some(l), None) => format!("line {l}: "),
        _ => String::new(),
    }
}

/// A syntax error of the script, with its line and column.
fn syntax(e: &rhai::ParseError) -> String {
    format!("{}{}", at(e.position()), e.err_type())
}

/// Operations between looks at the clock and the stop token.
const CLOCK_EVERY: u64 = 1 << 12;

/// Makes `engine`'s calls from now on end (with Rhai's termination,
/// which [`stopped_or`] reads) once `stop` is stopped or the call has run
/// `limits.seconds` from now.
fn watch(engine: &mut Engine, limits: ScriptLimits, stop: &Stop) {
    let budget = Duration::from_secs(limits.seconds.max(1));
    let start = Instant::now();
    let stop = stop.clone();
    engine.on_progress(move |ops| {
        if ops % CLOCK_EVERY == 0 && (stop.is_stopped() || start.elapsed() > budget) {
            return Some(RDyn::UNIT);
        }
        None
    });
}

/// [`Error::Stopped`] when `stop` was stopped (a script call is ended
/// from its progress callback then), else `failure`.
fn stopped_or(stop: &Stop, failure: impl FnOnce() -> Error) -> Error {
    if stop.is_stopped() {
        Error::Stopped
    } else {
        failure()
    }
}

/// A sandboxed engine within `limits`.
fn engine(limits: ScriptLimits) -> Engine {
    let mut e = Engine::new();
    e.set_max_operations(limits.ops.max(1))
        .set_max_call_levels(limits.depth.min(MAX_SCRIPT_DEPTH))
        .set_max_string_size(limits.size.max(1))
        .set_max_array_size(limits.size.max(1))
        .set_max_map_size(limits.size.max(1))
        .set_max_expr_depths(64, 32) // Rhai's release defaults, in every build
        .set_max_modules(0)
        .set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    e.disable_symbol("import").disable_symbol("eval");
    e.on_print(|_| {});
    e.on_debug(|_, _, _| {});
    e.register_type_with_name::<Parts>("parts");
    e.register_fn("parts", || Parts(Vec::new()));
    e.register_fn("parts", |a: RDyn| Parts(vec![a]));
    e.register_fn("parts", |a: RDyn, b: RDyn| Parts(vec![a, b]));
    e.register_fn("parts", |a: RDyn, b: RDyn, c: RDyn| Parts(vec![a, b, c]));
    e.register_fn("parts", |a: RDyn, b: RDyn, c: RDyn, d: RDyn| {
        Parts(vec![a, b, c, d])
    });
    e.register_fn("parts_of", Parts);
    e
}

/// Lets the functions run by `engine` see the top-level `constants`,
/// unless a local variable of the same name hides them.
fn see_constants(engine: &mut Engine, constants: &Arc<HashMap<String, RDyn>>) {
    let constants = constants.clone();
    #[allow(deprecated)] // `on_var` is marked volatile, not deprecated
    engine.on_var(move |name, index, ctx| {
        let Some(v) = constants.get(name) else {
            return Ok(None);
        };
        if index > 0 || ctx.scope().contains(name) {
            return Ok(None);
        }
        Ok(Some(v.clone()))
    });
}

impl ScriptRules {
    /// Compiles a script. `name` names it in errors and in the spec
    /// (`script:NAME`).
    ///
    /// The top-level statements run once, here (they define constants).
    ///
    /// # Errors
    /// [`Error::Script`] naming the line and column of a syntax error, a
    /// failing top-level statement, a constant of the wrong type, or a
    /// missing `fn moves(p)`.
    pub fn compile(name: &str, text: &str, limits: ScriptLimits) -> Result<ScriptRules> {
        ScriptRules::compile_until(name, text, limits, &Stop::NEVER)
    }

    /// [`ScriptRules::compile`], whose top-level statements end with
    /// [`Error::Stopped`] soon after `stop` is stopped (a front end that
    /// Ctrl-C stops compiles this way).
    ///
    /// # Errors
    /// As [`ScriptRules::compile`], and [`Error::Stopped`].
    pub fn compile_until(name: &str, text: &str, limits: ScriptLimits, stop: &Stop) -> Result<ScriptRules> {
        let fail = |reason: String| Error::Script {
            script: format!("script:{name}"),
            reason,
        };
        let mut engine = engine(limits);
        let ast = engine.compile(text).map_err(|e| fail(syntax(&e)))?;
        let failed = |e: Box<EvalAltResult>| failure(name, *e, "the top-level statements", limits);
        let mut scope = Scope::new();
        // The top-level statements: bounded by the time limit and `stop`.
        watch(&mut engine, limits, stop);
        engine
            .run_ast_with_scope(&mut scope, &ast)
            .map_err(|e| stopped_or(stop, || failed(e)))?;
        let mut constants: HashMap<String, RDyn> = HashMap::default();
        for (n, _, v) in scope.iter() {
            constants.insert(n.to_string(), v);
        }
        let flag = |key: &str| -> Result<bool> {
            match constants.get(key) {
                None => Ok(false),
                Some(v) => v
                    .as_bool()
                    .map_err(|t| fail(format!("`{key}` must be true or false, not {t}"))),
            }
        };
        let heap = flag("HEAP")?;
        let loopy = flag("LOOPY")?;
        let origin = match constants.get("ORIGIN") {
            None => 0,
            Some(v) => v
                .as_int()
                .ok()
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| fail("`ORIGIN` must be a whole number ≥ 0".into()))?,
        };
        let mut has = HashMap::default();
        for (f, arity) in [
            ("moves", 1),
            ("format", 1),
            ("parse", 1),
            ("pair", 2),
            ("label", 2),
        ] {
            has.insert(
                f,
                ast.iter_functions()
                    .any(|d| d.name == f && d.params.len() == arity),
            );
        }
        if !has["moves"] {
            return Err(fail(
                "define the moves: `fn moves(p) { … }` returning an array of moves (see docs/scripts.md)"
                    .into(),
            ));
        }
        let constants = Arc::new(constants);
        see_constants(&mut engine, &constants);
        let moves_line = text
            .lines()
            .position(|l| l.trim_start().starts_with("fn moves"))
            .map(|i| i + 1);
        Ok(ScriptRules {
            name: name.to_string(),
            engines: Mutex::new(vec![(engine, ast.clone_functions_only())]),
            constants,
            text: text.to_string(),
            heap,
            loopy,
            origin,
            has,
            moves_line,
            limits,
        })
    }

    /// The script's name as given to [`ScriptRules::compile`].
    pub fn name(&self) -> &str {
        &self.name
    }

    fn fail(&self, reason: String) -> Error {
        Error::Script {
            script: self.spec(),
            reason,
        }
    }

    /// Calls the script's function `f` with `args`, ended early once
    /// `stop` is stopped; `during` says what the call was for, in errors.
    fn call(
        &self,
        f: &str,
        args: impl rhai::FuncArgs,
        stop: &Stop,
        during: impl FnOnce() -> String,
    ) -> Result<RDyn> {
        let mut engine = self.take_engine()?;
        let r = self.call_with(&mut engine, f, args, stop, during);
        self.give_back(engine);
        r
    }

    /// Calls `f` as [`ScriptRules::call`] does, with `engine`.
    fn call_with(
        &self,
        (engine, ast): &mut (Engine, AST),
        f: &str,
        args: impl rhai::FuncArgs,
        stop: &Stop,
        during: impl FnOnce() -> String,
    ) -> Result<RDyn> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        watch(engine, self.limits, stop);
        engine
            .call_fn_with_options::<RDyn>(options, &mut Scope::new(), ast, f, args)
            .map_err(|e| stopped_or(stop, || failure(&self.name, *e, &during(), self.limits)))
    }

    /// Returns an engine taken by [`ScriptRules::take_engine`] to the pool.
    fn give_back(&self, engine: (Engine, AST)) {
        self.engines
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(engine);
    }

    /// An engine and its functions from the pool, or new ones made as the
    /// first were (threads that share one AST slow each other down too).
    fn take_engine(&self) -> Result<(Engine, AST)> {
        let pooled = self.engines.lock().unwrap_or_else(|e| e.into_inner()).pop();
        if let Some(pair) = pooled {
            return Ok(pair);
        }
        let mut e = engine(self.limits);
        let ast = e
            .compile(&self.text)
            .map_err(|e| self.fail(syntax(&e)))?
            .clone_functions_only();
        see_constants(&mut e, &self.constants);
        Ok((e, ast))
    }

    /// `fn moves` returned `what`, which is not a move: an error that says
    /// what a move is.
    fn bad_move(&self, i: usize, what: &str) -> Error {
        let line = self.moves_line.map(|l| format!("line {l}: ")).unwrap_or_default();
        self.fail(format!(
            "{line}move {} returned by fn moves is {what}: a move is a position (a whole number or an array), parts(…) or #{{to: …, label: \"…\"}}",
            i + 1
        ))
    }
}

/// The error for a failed call of a script: [`Error::ScriptLimit`] where a
/// bound of the call was passed, else [`Error::Script`].
fn failure(script: &str, e: EvalAltResult, during: &str, limits: ScriptLimits) -> Error {
    let script = script.to_string();
    match describe(e, during, limits) {
        (reason, Some(bound)) => Error::ScriptLimit {
            script,
            bound,
            reason,
        },
        (reason, None) => Error::Script { script, reason },
    }
}

/// One line for a Rhai error (where, what), and the bound it passed, if any.
fn describe(e: EvalAltResult, during: &str, limits: ScriptLimits) -> (String, Option<Bound>) {
    let mut inner = e;
    while let EvalAltResult::ErrorInFunctionCall(.., next, _) | EvalAltResult::ErrorInModule(_, next, _) =
        inner
    {
        inner = *next;
    }
    let pos = inner.take_position();
    let (what, bound) = match &inner {
        EvalAltResult::ErrorTooManyOperations(_) => (
            format!(
                "stopped after {} operations, the operation limit of one call",
                limits.ops
            ),
            Some(Bound::ScriptOperations),
        ),
        EvalAltResult::ErrorTerminated(..) => (
            format!(
                "stopped after {} s, the time limit of one call",
                limits.seconds.max(1)
            ),
            Some(Bound::ScriptSeconds),
        ),
        EvalAltResult::ErrorStackOverflow(_) => (
            format!(
                "calls nest deeper than {}, the call-depth limit",
                limits.depth.min(MAX_SCRIPT_DEPTH)
            ),
            Some(Bound::ScriptDepth),
        ),
        EvalAltResult::ErrorDataTooLarge(t, _) => (
            format!(
                "a {} grew past {} elements or characters, the size limit",
                t.to_lowercase(),
                limits.size
            ),
            Some(Bound::ScriptSize),
        ),
        EvalAltResult::ErrorRuntime(v, _) if v.is_string() => (format!("error thrown: {v}"), None),
        other => (other.to_string(), None),
    };
    let what = what.lines().next().unwrap_or("").to_string();
    (format!("{}{} (in {during})", at(pos), excerpt(&what)), bound)
}

/// A Rhai value as a position, checking its type and depth.
fn to_value(v: &RDyn, depth: usize) -> std::result::Result<Value, String> {
    if let Ok(n) = v.as_int() {
        return Ok(Value::Int(n));
    }
    if v.is_array() {
        if depth >= MAX_DEPTH {
            return Err(format!("an array nested more than {MAX_DEPTH} deep"));
        }
        let items = v.read_lock::<rhai::Array>().ok_or("an array in use")?;
        let mut out = Vec::with_capacity(items.len());
        for x in items.iter() {
            out.push(to_value(x, depth + 1)?);
        }
        return Ok(Value::list(out));
    }
    Err(describe_value(v))
}

/// "a string (\"abc\")": the type and a glimpse of a wrong value.
fn describe_value(v: &RDyn) -> String {
    let t = if v.is::<Parts>() { "parts" } else { v.type_name() };
    let t = t.rsplit("::").next().unwrap_or(t);
    let shown = if v.is::<Parts>() {
        "parts(…)".to_string()
    } else {
        v.to_string()
    };
    format!("a {t} ({})", excerpt(&shown))
}

/// A position as a Rhai value.
fn to_rhai(p: &Value) -> RDyn {
    match p {
        Value::Int(n) => RDyn::from(*n as INT),
        Value::List(items) => RDyn::from_array(items.iter().map(to_rhai).collect()),
    }
}

/// Appends one move of heap `n`, as the script returned it, to `parts`
/// and `ends` if every part is a whole number from 0 to n - 1 (0 dropped:
/// an empty heap); false, having appended nothing of the move, otherwise.
fn heap_move(m: &RDyn, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>) -> bool {
    let start = parts.len();
    let mut heap = |v: &RDyn| match v.as_int() {
        Ok(0) => true,
        Ok(k) if k > 0 && (k as u64) < n => {
            parts.push(k as u64);
            true
        }
        _ => false,
    };
    let whole = |target: &RDyn, heap: &mut dyn FnMut(&RDyn) -> bool| {
        if let Some(p) = target.read_lock::<Parts>() {
            p.0.iter().all(&mut *heap)
        } else {
            heap(target)
        }
    };
    let ok = if m.is_map() {
        match m.read_lock::<rhai::Map>() {
            Some(map) => match map.get("to") {
                Some(to) if map.get("label").is_none_or(|l| l.is_string()) => whole(to, &mut heap),
                _ => false,
            },
            None => false,
        }
    } else {
        whole(m, &mut heap)
    };
    if ok {
        ends.push(parts.len());
    } else {
        parts.truncate(start);
    }
    ok
}

impl ScriptRules {
    /// The moves of heap `n` as [`DynamicRules::heap_options`] lists them,
    /// read straight from the script's arrays (no [`DynMove`] is built);
    /// anything unusual (a part that is no smaller heap, a value that is no
    /// move) goes the general way, which names what is wrong.
    fn heap_options_with(
        &self,
        engine: &mut (Engine, AST),
        n: u64,
        parts: &mut Vec<u64>,
        ends: &mut Vec<usize>,
        stop: &Stop,
    ) -> Result<()> {
        let r = self.call_with(engine, "moves", (n as INT,), stop, || "fn moves".into())?;
        let list = self.moves_array(r)?;
        let (p0, e0) = (parts.len(), ends.len());
        if list.iter().all(|m| heap_move(m, n, parts, ends)) {
            return Ok(());
        }
        parts.truncate(p0);
        ends.truncate(e0);
        let moves = self.to_moves(list)?;
        super::dynamic::heap_parts(&self.spec(), n, &moves, parts, ends)
    }

    /// Calls `fn moves` on `p`: the array it returns.
    fn call_moves(&self, p: RDyn, stop: &Stop) -> Result<rhai::Array> {
        let r = self.call("moves", (p,), stop, || "fn moves".into())?;
        self.moves_array(r)
    }

    /// What `fn moves` returned, checked to be an array.
    fn moves_array(&self, r: RDyn) -> Result<rhai::Array> {
        if !r.is_array() {
            return Err(self.fail(format!(
                "fn moves returned {}: return an array of moves (`[]` for none)",
                describe_value(&r)
            )));
        }
        Ok(r.cast::<rhai::Array>())
    }

    /// The moves an array returned by `fn moves` lists.
    fn to_moves(&self, list: rhai::Array) -> Result<Vec<DynMove>> {
        let mut out = Vec::with_capacity(list.len());
        for (i, m) in list.into_iter().enumerate() {
            out.push(self.to_move(i, m)?);
        }
        Ok(out)
    }

    /// One move from the value a script returned.
    fn to_move(&self, i: usize, m: RDyn) -> Result<DynMove> {
        let (target, label) = if m.is_map() {
            let map = m.cast::<rhai::Map>();
            let Some(to) = map.get("to") else {
                return Err(self.bad_move(i, "a map without `to`"));
            };
            let label = match map.get("label") {
                None => None,
                Some(l) if l.is_string() => Some(l.to_string()),
                Some(l) => {
                    return Err(self.bad_move(i, &format!("a map whose label is {}", describe_value(l))))
                }
            };
            (to.clone(), label)
        } else {
            (m, None)
        };
        let parts = if target.is::<Parts>() {
            let Parts(items) = target.cast::<Parts>();
            let mut parts = Vec::with_capacity(items.len());
            for x in &items {
                parts.push(to_value(x, 0).map_err(|w| self.bad_move(i, &format!("parts(…) holding {w}")))?);
            }
            parts
        } else {
            vec![to_value(&target, 0).map_err(|w| self.bad_move(i, &w))?]
        };
        Ok(DynMove { parts, label })
    }
}

impl DynamicRules for ScriptRules {
    fn spec(&self) -> String {
        format!("script:{}", self.name)
    }

    fn moves(&self, p: &Value, stop: &Stop) -> Result<Vec<DynMove>> {
        let list = self.call_moves(to_rhai(p), stop)?;
        self.to_moves(list)
    }

    /// Reads the heaps each move leaves straight from the script's arrays
    /// (a part that is no smaller heap, or a value that is no move, goes
    /// the general way, which names what is wrong).
    fn heap_options(&self, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>, stop: &Stop) -> Result<()> {
        let mut engine = self.take_engine()?;
        let r = self.heap_options_with(&mut engine, n, parts, ends, stop);
        self.give_back(engine);
        r
    }

    /// Lists the run with one engine, taken once (not once a heap).
    fn heap_range(
        &self,
        lo: u64,
        hi: u64,
        out: &mut HeapListing,
        stop: &Stop,
    ) -> std::result::Result<(), (u64, Error)> {
        let mut engine = self.take_engine().map_err(|e| (lo, e))?;
        let mut r = Ok(());
        for n in lo..hi {
            if let Err(e) = self.heap_options_with(&mut engine, n, &mut out.parts, &mut out.ends, stop) {
                r = Err((n, e));
                break;
            }
            out.heaps.push(out.ends.len());
        }
        self.give_back(engine);
        r
    }

    fn parallel(&self) -> bool {
        true
    }

    fn parse(&self, text: &str) -> Result<Value> {
        if !self.has["parse"] {
            return Value::parse(text);
        }
        let r = self.call("parse", (RDyn::from(text.to_string()),), &Stop::NEVER, || {
            format!("fn parse of `{}`", excerpt(text))
        })?;
        to_value(&r, 0).map_err(|w| Error::BadPosition {
            text: text.to_string(),
            reason: format!("the script's fn parse returned {w}, not a position"),
        })
    }

    fn format(&self, p: &Value) -> Result<String> {
        if !self.has["format"] {
            return Ok(p.to_string());
        }
        let r = self.call("format", (to_rhai(p),), &Stop::NEVER, || "fn format".into())?;
        if r.is_string() {
            Ok(r.to_string())
        } else {
            Err(self.fail(format!("fn format returned {}, not a string", describe_value(&r))))
        }
    }

    fn label(&self, p: &Value, parts: &[Value]) -> Result<Option<String>> {
        if !self.has["label"] {
            return Ok(None);
        }
        let to = match parts {
            [one] => to_rhai(one),
            // A heap game drops empty heaps: nothing left is heap 0.
            [] if self.heap => RDyn::from(0 as INT),
            _ => RDyn::from(Parts(parts.iter().map(to_rhai).collect())),
        };
        let r = self.call("label", (to_rhai(p), to), &Stop::NEVER, || "fn label".into())?;
        if r.is_string() {
            Ok(Some(r.to_string()))
        } else {
            Err(self.fail(format!("fn label returned {}, not a string", describe_value(&r))))
        }
    }

    fn heap(&self) -> bool {
        self.heap
    }

    fn may_loop(&self) -> bool {
        self.loopy
    }

    fn pair(&self, x: u64, y: u64) -> Result<Option<Value>> {
        let cell = || Value::list([Value::Int(x as i64), Value::Int(y as i64)]);
        if !self.has["pair"] {
            return Ok(Some(cell()));
        }
        let r = self.call("pair", (x as INT, y as INT), &Stop::NEVER, || {
            format!("fn pair({x}, {y})")
        })?;
        if r.is_unit() {
            return Ok(None);
        }
        match to_value(&r, 0) {
            Ok(v) => Ok(Some(v)),
            Err(w) => Err(self.fail(format!("fn pair returned {w}, not a position or ()"))),
        }
    }

    fn pair_origin(&self) -> u64 {
        self.origin
    }
}
