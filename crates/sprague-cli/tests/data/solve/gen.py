#!/usr/bin/env python3
"""Regenerates the `*-brute.in/.out` cases of `sprague solve` by brute force.

Each answer comes from a plain win/loss (or random-play) search over the
real game, written independently of the Rust code: whole boards for
FDIVGAME, whole pairs for Wizards, every move for TUZGMBR, the full card
multiset for SEAGM (exact fractions), every heap for PotatoGame.
Run from anywhere: python3 gen.py (deterministic, seeded).
"""
import os
import random
import sys
from fractions import Fraction
from functools import lru_cache
from math import gcd

sys.setrecursionlimit(100000)
HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(167)


def write(name, tests, lines):
    with open(os.path.join(HERE, name + "-brute.in"), "w") as f:
        f.write(tests)
    with open(os.path.join(HERE, name + "-brute.out"), "w") as f:
        f.write("".join(l + "\n" for l in lines))


@lru_cache(maxsize=None)
def fdiv_wins(board):
    for i, a in enumerate(board):
        for d in range(2, 7):
            q = a // d
            rest = list(board[:i] + board[i + 1:])
            if q:
                rest.append(q)
            if not fdiv_wins(tuple(sorted(rest))):
                return True
    return False


def fdivgame():
    boards = [[rng.randint(1, 300) for _ in range(rng.randint(1, 3))] for _ in range(40)]
    boards += [[rng.randint(1, 30) for _ in range(rng.randint(4, 5))] for _ in range(10)]
    text = "%d\n" % len(boards) + "".join(
        "%d\n%s\n" % (len(b), " ".join(map(str, b))) for b in boards)
    write("fdivgame", text, ["Henry" if fdiv_wins(tuple(sorted(b))) else "Derek" for b in boards])


@lru_cache(maxsize=None)
def wiz_wins(a, b):
    a, b = min(a, b), max(a, b)
    if a == 0:
        return False
    if not wiz_wins(b % a, a):
        return True
    p = a
    while p <= b:
        if not wiz_wins(a, b - p):
            return True
        if a == 1:
            break
        p *= a
    return False


def wizards():
    pairs = [(rng.randint(0, 12), rng.randint(0, 1500)) for _ in range(60)]
    pairs += [(rng.randint(0, 60), rng.randint(0, 60)) for _ in range(60)]
    pairs = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in pairs]
    text = "%d\n" % len(pairs) + "".join("%d %d\n" % p for p in pairs)
    write("wizards", text, ["First" if wiz_wins(a, b) else "Second" for a, b in pairs])


@lru_cache(maxsize=None)
def tuz_wins(n, m):
    moves = [(n - u, m) for u in (1, 2, 3) if n - u >= 1] + [(n, m - r) for r in (1, 2) if m - r >= 1]
    return any(not tuz_wins(*q) for q in moves)


def tuzgmbr():
    boards = [(rng.randint(1, 40), rng.randint(1, 40)) for _ in range(80)]
    text = "%d\n" % len(boards) + "".join("%d %d\n" % b for b in boards)
    write("tuzgmbr", text, ["Tuzik" if tuz_wins(n, m) else "Vanya" for n, m in boards])


def seagm_one(cards):
    @lru_cache(maxsize=None)
    def go(left, g):
        # left: sorted tuple of cards remaining; returns (wins, probability)
        if g == 1:
            return True, Fraction(1)
        if not left:
            return False, Fraction(0)
        win, s = False, Fraction(0)
        for i, c in enumerate(left):
            w, p = go(left[:i] + left[i + 1:], gcd(g, c))
            win |= not w
            s += 1 - p
        return win, s / len(left)

    w, p = go(tuple(sorted(cards)), 0)
    k = (p * 10000 + Fraction(1, 2)).__floor__()
    return "%d %d.%04d" % (int(w), k // 10000, k % 10000)


def seagm():
    deals = []
    for _ in range(10):
        n = rng.randint(1, 8)
        deals.append([rng.choice([rng.randint(1, 100), 6 * rng.randint(1, 8), 10 * rng.randint(1, 5)])
                      for _ in range(n)])
    text = "%d\n" % len(deals) + "".join(
        "%d\n%s\n" % (len(d), " ".join(map(str, d))) for d in deals)
    write("seagm", text, [seagm_one(d) for d in deals])


def potato():
    top = 400
    wins = [False] * (top + 1)
    for n in range(top + 1):
        p = 1
        while p <= n:
            if not wins[n - p]:
                wins[n] = True
            p *= 4
    ns = list(range(0, 60)) + [rng.randint(60, top) for _ in range(60)]
    text = "%d\n" % len(ns) + "".join("%d\n" % n for n in ns)
    write("potato", text, ["Taro" if wins[n] else "Hanako" for n in ns])


fdivgame()
wizards()
tuzgmbr()
seagm()
potato()
