"""`Game.skill_curve`: the win chance against skill, against the CLI's
`value --random` and `value --skill` at the points both answer."""

import json
import subprocess

import pytest

import sprague

from conftest import cli_path


def cli_probability(*args: str) -> float:
    r = subprocess.run([cli_path(), "value", *args, "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["win_probability"]


def test_skill_curve_agrees_with_value_skill():
    c = sprague.Game("kayles").skill_curve([4, 5])
    assert c["spec"] == "octal:0.77" and c["components"] == ["4", "5"]
    assert c["outcome"] == "N" and c["play"] == "normal"
    assert c["curve_skills"] == [k / 32 for k in range(33)]
    assert c["heat_skills"] == [k / 32 for k in range(33)]
    assert len(c["curve"]) == 33 and all(len(row) == 33 for row in c["heat"])
    assert all(c["heat"][k][k] == c["curve"][k] for k in range(33))
    for got, flags in [
        (c["curve"][0], ["--random"]),
        (c["curve"][16], ["--skill", "0.5"]),
        (c["heat"][32][16], ["--skill", "1,0.5"]),
        (c["heat"][8][24], ["--skill", "0.25,0.75"]),
    ]:
        want = cli_probability("kayles", "4", "5", *flags)
        assert abs(got - want) <= max(c["error_bound"], 1e-15), (flags, got, want)
    assert c["curve"][32] == 1.0


def test_skill_curve_misere_and_refusals():
    c = sprague.Game("nim").skill_curve([1, 1, 5], misere=True)
    assert c["play"] == "misere"
    want = cli_probability("nim", "1", "1", "5", "--misere", "--random")
    assert abs(c["curve"][0] - want) <= 1e-12
    with pytest.raises(sprague.BadInput) as e:
        sprague.Game("updown:1,2/3/20").skill_curve([7])
    assert "random play may never end" in str(e.value)
    with pytest.raises(sprague.BadInput):
        sprague.Game("nim").skill_curve(["x"])
    with pytest.raises(sprague.LimitExceeded):
        sprague.Game("kayles").skill_curve([20, 21], max_states=100)
