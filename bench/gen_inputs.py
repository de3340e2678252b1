#!/usr/bin/env python3
"""Writes the maximal benchmark inputs of bench/problems.sh into DIR.

Usage: gen_inputs.py DIR. Deterministic (seeded), so runs are comparable.
"""
import os
import random
import sys

out_dir = sys.argv[1]
rng = random.Random(472)
E18 = 10**18


def write(name, lines):
    with open(os.path.join(out_dir, name + ".in"), "w") as f:
        f.write("\n".join(lines))
        f.write("\n")


def near_e18():
    return rng.randint(E18 - 10**15, E18)


def fdivgame(t, n):
    lines = [str(t)]
    for _ in range(t):
        lines.append(str(n))
        lines.append(" ".join(str(near_e18()) for _ in range(n)))
    return lines


def wizards(t):
    lines = [str(t)]
    for i in range(t):
        kind = i % 4
        if kind == 0:  # both near 10^18: long Euclid chains
            a, b = near_e18(), near_e18()
        elif kind == 1:  # a random, b near 10^18
            a, b = rng.randint(1, E18), near_e18()
        elif kind == 2:  # a small: powers of a matter, a^k overflows
            a, b = rng.randint(1, 10**6), near_e18()
        else:  # Fibonacci-like worst chains
            x, y = 1, 2
            while y < E18 // 2:
                x, y = y, x + y
            a, b = x, y
        lines.append("%d %d" % (a, b))
    return lines


def tuzgmbr(t):
    return [str(t)] + ["%d %d" % (rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(t)]


def potato(t):
    return [str(t)] + [str(rng.randint(1, 10**9)) for _ in range(t)]


RICH = [c for c in range(1, 101) if sum(1 for d in range(1, c + 1) if c % d == 0) >= 8]


def seagm(t, worst):
    lines = [str(t)]
    for _ in range(t):
        cards = [rng.choice(RICH) if worst else rng.randint(1, 100) for _ in range(100)]
        lines.append("100")
        lines.append(" ".join(map(str, cards)))
    return lines


write("fdivgame-T1000-N100", fdivgame(1000, 100))
write("wizards-t1e4", wizards(10**4))
write("wizards-t1e6", wizards(10**6))
write("tuzgmbr-T100", tuzgmbr(100))
write("tuzgmbr-T1e6", tuzgmbr(10**6))
write("seagm-T10-random", seagm(10, False))
write("seagm-T10-worst", seagm(10, True))
write("seagm-T1000-worst", seagm(1000, True))
write("potato-T1e6", potato(10**6))
