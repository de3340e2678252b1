//! Only the server's own page may call it: a request whose `Host` (or,
//! where present, `Origin`) names another site is refused with a 403.
//!
//! Why: a page on any site can make the browser send requests to
//! `127.0.0.1:PORT`, and with DNS rebinding (a name of the attacker's that
//! first points at the attacker's server, then at 127.0.0.1) read the
//! answers too. Such a request carries the attacker's name in `Host`, and
//! a cross-site one carries the other site in `Origin`; Jupyter's server
//! refuses both the same way. A request without these headers (curl with
//! HTTP/1.0, a test driving the router) is not from a browser page and is
//! let through.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The names the server answers to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hosts {
    /// The address bound; `None` (the router driven in process): any port
    /// of a loopback name.
    pub listen: Option<SocketAddr>,
}

impl Hosts {
    /// Whether `authority` (`host[:port]` as in a `Host` header) names
    /// this server: `localhost`, a loopback address or the address bound
    /// (any address when bound to all of them: an address cannot be
    /// rebound to another site), with the port bound.
    pub fn allows(&self, authority: &str) -> bool {
        let Some((name, port)) = split(authority) else {
            return false;
        };
        if let Some(listen) = self.listen {
            if port.unwrap_or(80) != listen.port() {
                return false;
            }
        }
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Ok(ip) = name.parse::<IpAddr>() else {
            return false;
        };
        match self.listen.map(|l| l.ip()) {
            _ if ip.is_loopback() => true,
            Some(bound) if bound.is_unspecified() => true,
            Some(bound) => ip == bound,
            None => false,
        }
    }

    /// Whether `origin` (an `Origin` header) is this server's page.
    pub fn allows_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|rest| !rest.contains('/') && self.allows(rest))
    }
}

/// `host[:port]` split; IPv6 addresses come in brackets.
fn split(authority: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            p => (name, Some(p.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (authority, None),
        }
    };
    let port = match port {
        Some(p) => Some(p.parse::<u16>().ok()?),
        None => None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// The middleware: a 403 with a JSON error for a foreign `Host` or
/// `Origin`.
pub(crate) async fn check(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let named = |h| headers.get(h).map(|v| v.to_str().unwrap_or("\u{fffd}"));
    if let Some(host) = named(header::HOST) {
        if !hosts.allows(host) {
            return forbidden(format!(
                "this server answers only its own page: Host `{}` is not its address",
                sprague::excerpt(host)
            ));
        }
    }
    if let Some(origin) = named(header::ORIGIN) {
        if !hosts.allows_origin(origin) {
            return forbidden(format!(
                "this server answers only its own page: Origin `{}` is another site",
                sprague::excerpt(origin)
            ));
        }
    }
    next.run(req).await
}

fn forbidden(message: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_names_are_allowed() {
        let bound = Hosts {
            listen: Some("127.0.0.1:8080".parse().unwrap()),
        };
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
            "127.0.0.2:8080",
        ] {
            assert!(bound.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.1:8081",
            "localhost",
            "127.0.0.1.evil.example:8080",
            "localhost.evil.example:8080",
            "192.168.1.5:8080",
            "[::1]",
            "[::1]x",
            ":8080",
            "",
            "localhost:80800",
        ] {
            assert!(!bound.allows(bad), "{bad}");
        }
        assert!(bound.allows_origin("http://localhost:8080"));
        for bad in [
            "null",
            "https://localhost:8080",
            "http://evil.example:8080",
            "http://localhost:8080/x",
        ] {
            assert!(!bound.allows_origin(bad), "{bad}");
        }
        // Bound to every address: any address with the port, never a name
        // but localhost.
        let all = Hosts {
            listen: Some("0.0.0.0:80".parse().unwrap()),
        };
        assert!(all.allows("192.168.1.5"));
        assert!(all.allows("192.168.1.5:80"));
        assert!(!all.allows("evil.example"));
        // Bound to one address: that one and loopback.
        let one: Hosts = Hosts {
            listen: Some("192.168.1.5:9000".parse().unwrap()),
        };
        assert!(one.allows("192.168.1.5:9000"));
        assert!(!one.allows("192.168.1.6:9000"));
        // In process: any port of a loopback name.
        let any = Hosts { listen: None };
        assert!(any.allows("localhost:1234") && any.allows("127.0.0.1"));
        assert!(!any.allows("evil.example:1234"));
    }
}
