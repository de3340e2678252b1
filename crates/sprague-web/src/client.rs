//! Who is asking: the key under which the heavy slots are shared out.
//!
//! On loopback every request comes from 127.0.0.1, so the address says
//! nothing. A client is the page's tab when the request says so (the page
//! sends a random `x-sprague-client` id, one per tab), else the TCP
//! connection the request came on (each `curl` is one). Both can be forged
//! by a program on this machine, which could as well burn the CPU itself:
//! the share keeps one tab, or one script, from filling every heavy slot by
//! accident, it is no defence against a local user.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::convert::Infallible;

/// The header the page sends its tab's id in.
pub const CLIENT_HEADER: &str = "x-sprague-client";

/// The longest client id taken from the header; a longer one is ignored.
const MAX_ID: usize = 64;

/// The connection a request came on, numbered by the server as it accepts
/// them (absent when the router is driven in process).
#[derive(Clone, Copy, Debug)]
pub struct Connection(pub u64);

/// Who is asking, for sharing out the heavy slots.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    /// The id the page sent.
    Tab(String),
    /// The connection, without an id.
    Connection(u64),
    /// Neither (a request driven in process).
    Unknown,
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Infallible> {
        let id = parts
            .headers
            .get(CLIENT_HEADER)
            .and_then(|v| v.to_str().ok())
            .filter(|v| !v.is_empty() && v.len() <= MAX_ID);
        Ok(match (id, parts.extensions.get::<Connection>()) {
            (Some(id), _) => Client::Tab(id.to_string()),
            (None, Some(c)) => Client::Connection(c.0),
            (None, None) => Client::Unknown,
        })
    }
}
