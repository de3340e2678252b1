//! The progress bar of a long run, and its estimate of the time left.
//!
//! A value costs more the further a run goes (a dense run reads every
//! earlier value, a sparse one every rare position so far), so a rate
//! measured now overstates the rate to come. The estimate takes the time
//! to reach n to grow as n^p and fits p to the run so far.

use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The progress bar on stderr with rate and time left; hidden unless
/// stderr is a terminal.
pub struct Progress {
    bar: ProgressBar,
    eta: Eta,
    start: Instant,
}

impl Progress {
    /// A bar for values 0..`len`, of which a resumed run already has `pos`.
    pub fn new(len: u64, pos: u64) -> Progress {
        let bar = match std::io::stderr().is_terminal() {
            true => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
            false => ProgressBar::hidden(),
        };
        if let Ok(style) =
            ProgressStyle::with_template("{wide_bar} {human_pos}/{human_len} {msg} ({elapsed_precise})")
        {
            bar.set_style(style);
        }
        bar.set_position(pos);
        let mut eta = Eta::default();
        eta.record(pos, 0.0);
        Progress {
            bar,
            eta,
            start: Instant::now(),
        }
    }

    /// Moves the bar to `pos` values computed; `dense` when the engine runs
    /// dense (each value costs in proportion to n).
    pub fn set(&mut self, pos: u64, dense: bool) {
        self.bar.set_position(pos);
        if self.bar.is_hidden() {
            return;
        }
        self.eta.record(pos, self.start.elapsed().as_secs_f64());
        let len = self.bar.length().unwrap_or(pos);
        let rate = self
            .eta
            .rate()
            .map_or("?".to_string(), |r| HumanCount(r as u64).to_string());
        let left = self.eta.left(len, dense).map_or("?".to_string(), |s| {
            HumanDuration(Duration::from_secs_f64(s.min(1e9))).to_string()
        });
        self.bar.set_message(format!("{rate}/s ETA {left}"));
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The time left of a run, from its positions at the times it reported
/// them.
#[derive(Debug, Default)]
pub struct Eta {
    /// (values computed, seconds since the start), in order; thinned to
    /// every other one when they reach [`Eta::MAX_SAMPLES`].
    samples: Vec<(u64, f64)>,
    /// The least time between two samples kept (0 until the first
    /// thinning).
    gap: f64,
}

impl Eta {
    /// The least time a rate is measured over, in seconds.
    const MIN_SPAN: f64 = 0.5;

    /// The most samples kept (a week-long run reports some 6 million).
    const MAX_SAMPLES: usize = 4096;

    /// Notes that `pos` values were computed after `secs` seconds.
    pub fn record(&mut self, pos: u64, secs: f64) {
        if self.samples.last().is_some_and(|&(p, s)| p >= pos || s >= secs) {
            return;
        }
        // The last sample is always the latest report; the one before it
        // stays only if it lies at least `gap` after its own predecessor.
        let n = self.samples.len();
        if n >= 2 && self.samples[n - 1].1 - self.samples[n - 2].1 < self.gap {
            self.samples[n - 1] = (pos, secs);
        } else {
            self.samples.push((pos, secs));
        }
        if self.samples.len() >= Self::MAX_SAMPLES {
            // Every other one, and the last; later samples as far apart
            // in time as these, so that they stay spread evenly over the
            // run (the rates are taken over its last half and quarter).
            let last = self.samples[self.samples.len() - 1];
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            if self.samples.last() != Some(&last) {
                self.samples.push(last);
            }
            self.gap = secs / self.samples.len() as f64;
        }
    }

    /// The values per second over [t0, t1], and the position at the middle.
    fn rate_between(&self, t0: f64, t1: f64) -> Option<(f64, f64)> {
        let at = |t: f64| {
            let i = self
                .samples
                .partition_point(|&(_, s)| s < t)
                .min(self.samples.len() - 1);
            self.samples[i]
        };
        let ((n0, s0), (n1, s1)) = (at(t0), at(t1));
        (s1 - s0 > 0.0 && n1 > n0).then(|| ((n1 - n0) as f64 / (s1 - s0), (n0 + n1) as f64 / 2.0))
    }

    /// The rate over the latter half of the run so far, and the position
    /// at its middle; `None` before [`Eta::MIN_SPAN`].
    fn recent(&self) -> Option<(f64, f64)> {
        let &(_, t) = self.samples.last()?;
        self.rate_between(t / 2.0, t).filter(|_| t >= Self::MIN_SPAN)
    }

    /// The recent rate, in values per second: over the latter half of the
    /// run so far.
    pub fn rate(&self) -> Option<f64> {
        self.recent().map(|r| r.0)
    }

    /// The seconds left until `end` values are computed.
    ///
    /// With the recent rate r at the current position n and time ∝ n^p,
    /// the time left is ∫ₙᴺ dx / rate(x) = n / (p·r) · ((N/n)^p − 1),
    /// where the rate falls as n^(1−p). p comes from the rates over the second quarter
    /// and the second half of the run so far (in time), kept within
    /// [1, 3]: 1 is a constant cost per value, 2 a dense run, and a run
    /// that speeds up (a sparse run leaving its start) is taken as
    /// constant. Where those windows are too close in n to tell (a run
    /// resumed from a checkpoint has grown only a little), p is 2 for a
    /// `dense` run and 1 for a sparse one.
    pub fn left(&self, end: u64, dense: bool) -> Option<f64> {
        let &(n, t) = self.samples.last()?;
        if n >= end {
            return Some(0.0);
        }
        let (r, mid) = self.recent()?;
        let p = match self.rate_between(t / 4.0, t / 2.0) {
            Some((r0, mid0)) if mid > mid0 * 1.05 => {
                (1.0 - (r / r0).ln() / (mid / mid0).ln()).clamp(1.0, 3.0)
            }
            _ if dense => 2.0,
            _ => 1.0,
        };
        let n = n as f64;
        // r was measured around `mid`; at n it is lower by (n/mid)^(p−1).
        let r = r * (n / mid).powf(1.0 - p);
        Some(n / (p * r) * ((end as f64 / n).powf(p) - 1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An Eta fed by a run where reaching n takes `time(n)` seconds, up to
    /// `now` of `end` values.
    fn run(time: impl Fn(f64) -> f64, now: u64, start: u64) -> Eta {
        let mut eta = Eta::default();
        for i in 0..=1000u64 {
            let n = start + (now - start) * i / 1000;
            eta.record(n, time(n as f64) - time(start as f64));
        }
        eta
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 0.03 * b
    }

    #[test]
    fn a_constant_cost_gives_the_linear_estimate() {
        let eta = run(|n| n / 1000.0, 10_000, 0);
        assert!(close(eta.rate().unwrap(), 1000.0));
        assert!(
            close(eta.left(30_000, false).unwrap(), 20.0),
            "{:?}",
            eta.left(30_000, false)
        );
    }

    #[test]
    fn a_dense_run_is_estimated_as_quadratic() {
        // t = n^2 / 10^8: to 10^5 in 100 s, to 10^6 in 10^4 s.
        let eta = run(|n| n * n / 1e8, 100_000, 0);
        let left = eta.left(1_000_000, false).unwrap();
        assert!(close(left, 9900.0), "{left}");
    }

    #[test]
    fn a_resumed_run_fits_the_same_law() {
        let eta = run(|n| n * n / 1e8, 200_000, 100_000);
        let left = eta.left(1_000_000, false).unwrap();
        assert!(close(left, 10_000.0 - 400.0), "{left}");
    }

    #[test]
    fn a_dense_run_resumed_near_its_end_is_taken_as_quadratic() {
        // Resumed at 10^5, now at 1.02·10^5: too little to fit p.
        let eta = run(|n| n * n / 1e6, 102_000, 100_000);
        let linear = 1_898_000.0 / eta.rate().unwrap();
        assert!(close(eta.left(2_000_000, false).unwrap(), linear));
        let want = 2e6 * 2e6 / 1e6 - 102_000f64.powi(2) / 1e6;
        let left = eta.left(2_000_000, true).unwrap();
        assert!(close(left, want), "{left} against {want}");
    }

    #[test]
    fn samples_are_thinned_and_the_estimate_holds() {
        let mut eta = Eta::default();
        for i in 1..=100_000u64 {
            let n = (i * 10) as f64;
            eta.record(i * 10, n * n / 1e8);
        }
        assert!(eta.samples.len() < Eta::MAX_SAMPLES);
        assert_eq!(eta.samples.last(), Some(&(1_000_000, 1e4)));
        // Spread over the run: a sample in each tenth of its time.
        for d in 0..10 {
            let (from, to) = (d as f64 * 1e3, (d + 1) as f64 * 1e3);
            assert!(
                eta.samples.iter().any(|&(_, s)| from <= s && s < to),
                "none in {from}..{to}"
            );
        }
        let left = eta.left(2_000_000, false).unwrap();
        assert!(close(left, 3e4), "{left}");
    }

    #[test]
    fn a_run_that_speeds_up_is_taken_as_constant_and_an_early_one_is_unknown() {
        let eta = run(|n| n.sqrt(), 10_000, 0);
        let (r, left) = (eta.rate().unwrap(), eta.left(20_000, false).unwrap());
        assert!(close(left, 10_000.0 / r), "{left}");
        assert_eq!(
            run(|n| n / 1e6, 100_000, 0).left(200_000, false),
            None,
            "0.1 s is too early"
        );
        assert_eq!(run(|n| n, 10, 0).left(10, false), Some(0.0));
    }
}
