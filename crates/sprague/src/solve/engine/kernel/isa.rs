//! Which vector instructions the kernels may use: what the CPU has, up to
//! a [`Simd`] level.

use super::super::Simd;

/// The vector instruction sets the kernels may use: those the CPU has, up
/// to a [`Simd`] level.
///
/// Made only by [`Isa::detect`], so a flag that is set means the CPU has
/// those instructions; the kernels' `unsafe` calls rest on that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Isa {
    /// AVX2 (with BMI1 and POPCNT, which every AVX2 CPU has): pair
    /// searches, pair-value clearing, marks and candidate checks.
    avx2: bool,
    /// AVX-512 F and BW: byte-row marks and candidate checks.
    avx512bw: bool,
    /// AVX-512 F, BW, VBMI, VBMI2, VPOPCNTDQ and POPCNT: the pair scan.
    avx512_scan: bool,
}

impl Isa {
    /// What this CPU has, at most `cap`.
    pub(crate) fn detect(cap: Simd) -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = cap >= Simd::Avx2 && has!("avx2") && has!("bmi1") && has!("popcnt");
            let avx512bw = cap >= Simd::Avx512 && has!("avx512bw");
            Isa {
                avx2,
                avx512bw,
                avx512_scan: avx512bw
                    && has!("avx512vbmi")
                    && has!("avx512vbmi2")
                    && has!("avx512vpopcntdq")
                    && has!("popcnt"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = cap;
            Isa {
                avx2: false,
                avx512bw: false,
                avx512_scan: false,
            }
        }
    }

    /// The highest level in use: what a run reports.
    pub(crate) fn level(self) -> Simd {
        if self.avx512bw {
            Simd::Avx512
        } else if self.avx2 {
            Simd::Avx2
        } else {
            Simd::Plain
        }
    }

    /// Whether AVX2 is in use.
    #[inline]
    pub(crate) fn avx2(self) -> bool {
        self.avx2
    }

    /// Whether the AVX-512 pair scan's instructions are in use.
    #[inline]
    pub(super) fn avx512_scan(self) -> bool {
        self.avx512_scan
    }

    /// Whether AVX-512 BW is in use (the compares of [`check_candidates`]).
    pub(crate) fn avx512bw(self) -> bool {
        self.avx512bw
    }
}

/// Every instruction level this CPU offers, the plain one first.
#[cfg(test)]
pub(super) fn levels() -> Vec<Isa> {
    let mut v = vec![Isa::detect(Simd::Plain)];
    for s in [Simd::Avx2, Simd::Avx512] {
        let isa = Isa::detect(s);
        if !v.contains(&isa) {
            v.push(isa);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_turns_on_what_the_cpu_has_up_to_it() {
        let plain = Isa::detect(Simd::Plain);
        assert_eq!(
            (plain.avx2, plain.avx512bw, plain.avx512_scan),
            (false, false, false)
        );
        assert_eq!(plain.level(), Simd::Plain);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let avx2 = Isa::detect(Simd::Avx2);
            assert_eq!(
                (avx2.avx2, avx2.avx512bw, avx2.avx512_scan),
                (has!("avx2") && has!("bmi1") && has!("popcnt"), false, false)
            );
            let best = Isa::detect(Simd::Avx512);
            let scan = has!("avx512bw")
                && has!("avx512vbmi")
                && has!("avx512vbmi2")
                && has!("avx512vpopcntdq")
                && has!("popcnt");
            assert_eq!(
                (best.avx2, best.avx512bw, best.avx512_scan),
                (
                    has!("avx2") && has!("bmi1") && has!("popcnt"),
                    has!("avx512bw"),
                    scan
                )
            );
        }
    }
}
