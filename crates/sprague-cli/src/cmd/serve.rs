//! `sprague serve`: the web page, a front end of its own in the
//! `sprague-web` crate; this module only turns flags into its config,
//! prints the address and opens a browser when asked.

use crate::cli::ServeArgs;
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

/// Runs `sprague serve` until Ctrl-C.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let config = sprague_web::Config {
        limits: args.limits.limits(),
        script_limits: args.limits.script_limits(),
        timeout: Duration::from_secs(args.timeout.max(1)),
        ..sprague_web::Config::default()
    };
    let addr = SocketAddr::new(args.host, args.port);
    if !args.host.is_loopback() {
        eprintln!("{}", exposure_warning(args.host));
    }
    let mut printed = Ok(());
    sprague_web::run(addr, config, |bound| {
        let url = format!("http://{bound}/");
        printed = writeln!(out, "sprague: serving {url} (Ctrl-C stops)").and_then(|()| out.flush());
        if args.open {
            open_browser(&url);
        }
    })?;
    printed?;
    writeln!(out, "sprague: stopped")?;
    Ok(())
}

/// The warning printed when the server listens beyond this machine.
fn exposure_warning(host: std::net::IpAddr) -> String {
    let reach = if host.is_unspecified() {
        "every network this machine is on"
    } else {
        "the network of that address"
    };
    format!(
        "sprague: warning: listening on {host}: anyone on {reach} can use the page and the API \
         (start games, run computations and uploaded scripts within the bounds); \
         use the default --host 127.0.0.1 to serve this machine only"
    )
}

/// Asks the desktop to open `url`; a failure leaves the address printed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("sprague: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
