"""The binding against answers computed by the Rust API without it: 1,000 seeded hull
pairs from `examples/expected_pairs.rs` (`data/hull_pairs.json`), and the `fixtures`
crate's own evaluation of fixture files (the corpus in `fixtures/data` and fixtures
written from Python)."""

import json
import math
import pathlib

import numpy as np
import pytest

import convex_collision as cc
from pairs import PAIRS, hull_pairs

HERE = pathlib.Path(__file__).parent
CORPUS = HERE.parent.parent.parent / "fixtures" / "data"


@pytest.fixture(scope="module")
def pairs():
    return hull_pairs(PAIRS)


@pytest.fixture(scope="module")
def expected():
    return json.loads((HERE / "data" / "hull_pairs.json").read_text())


def test_thousand_hull_pairs_match_rust(pairs, expected):
    rows = expected["pairs"]
    assert len(rows) == len(pairs) == 1000
    margin = expected["margin"]
    hits = contacts = 0
    for (pts_a, pose_a, pts_b, pose_b), (distance, intersects, contact) in zip(pairs, rows):
        a, b = cc.ConvexHull(pts_a), cc.ConvexHull(pts_b)
        size = max(np.abs(pts_a).max(), np.abs(pts_b).max(), 1.0)
        d = cc.distance(a, pose_a, b, pose_b)
        assert abs(d - distance) <= 1e-9 * size
        assert cc.intersects(a, pose_a, b, pose_b) == intersects
        hits += intersects
        c = cc.contact(a, pose_a, b, pose_b, margin=margin)
        assert (c is None) == (contact is None)
        if c is not None:
            contacts += 1
            assert abs(c.separation - contact[0]) <= 1e-9 * size
            assert np.dot(c.normal, contact[1:]) >= math.cos(1e-6)
    # Both answers occur often enough for the comparison to mean something.
    assert 100 < hits < 900 and contacts > hits


def test_batch_matches_rust_on_the_same_pairs(pairs, expected):
    shapes, poses = [], []
    for pts_a, pose_a, pts_b, pose_b in pairs:
        shapes += [cc.ConvexHull(pts_a), cc.ConvexHull(pts_b)]
        poses += [pose_a, pose_b]
    index = np.arange(2 * len(pairs)).reshape(-1, 2)
    got = cc.batch_distance(shapes, np.array(poses), index)
    want = np.array([row[0] for row in expected["pairs"]])
    assert (got.status == cc.STATUS_OK).all()
    np.testing.assert_allclose(got.distance, want, rtol=0, atol=1e-9 * 2.0 * 4)


def test_fixtures_eval_matches_the_binding(pairs):
    """The fixtures crate rebuilds the shapes and poses from JSON and runs its eval."""
    for pts_a, pose_a, pts_b, pose_b in pairs[:200]:
        a, b = cc.ConvexHull(pts_a), cc.ConvexHull(pts_b)
        for query in ("distance", "intersects", {"type": "contact", "margin": 0.5}):
            fixture = cc.Fixture(a, pose_a, b, pose_b, query)
            outcome = json.loads(fixture.evaluate_json())
            if query == "distance":
                assert outcome["distance"] == pytest.approx(cc.distance(a, pose_a, b, pose_b), abs=1e-12)
            elif query == "intersects":
                assert outcome["intersects"] == cc.intersects(a, pose_a, b, pose_b)
            else:
                c = cc.contact(a, pose_a, b, pose_b, margin=0.5)
                if c is None:
                    assert outcome["contact"] is None
                else:
                    assert outcome["contact"]["separation"] == pytest.approx(c.separation, abs=1e-12)


def corpus():
    files = sorted(CORPUS.glob("*.json"))
    if not files:
        pytest.skip(f"no fixture corpus at {CORPUS}")
    return files


def test_corpus_fixtures_pass_and_match_the_single_calls():
    checked = 0
    for path in corpus():
        fixture = cc.Fixture.load(path)
        if fixture.expected is not None:
            assert fixture.check() is None, f"{path.name}: {fixture.check()}"
            checked += 1
        query = fixture.query
        a, b, pa, pb = fixture.shape_a, fixture.shape_b, fixture.pose_a, fixture.pose_b
        got = fixture.evaluate()
        if query["type"] == "distance":
            assert got == cc.distance(a, pa, b, pb)
        elif query["type"] == "intersects":
            assert got == cc.intersects(a, pa, b, pb)
        elif query["type"] == "contact":
            want = cc.contact(a, pa, b, pb, margin=query["margin"])
            assert (got is None) == (want is None)
            if got is not None:
                assert got.separation == want.separation
        elif query["type"] == "closest_points":
            assert got.distance == cc.closest_points(a, pa, b, pb).distance
    assert checked >= 30


def test_fixture_round_trip(tmp_path):
    a = cc.ConvexHull(np.random.default_rng(8).normal(size=(12, 3)))
    b = cc.Rounded(cc.Cuboid([0.5, 0.5, 0.5]), 0.1)
    pose_b = np.array([3.0, 0.5, 0, 0.8, 0.6, 0, 0])
    d = cc.distance(a, None, b, pose_b)
    fixture = cc.Fixture(
        a, None, b, pose_b, "distance", name="from_python",
        description="A fuzzer's case.", expected={"distance": d, "tolerance": 1e-9},
    )
    path = tmp_path / "case.json"
    fixture.save(path)
    loaded = cc.Fixture.load(path)
    assert loaded.name == "from_python" and loaded.query == {"type": "distance"}
    assert loaded.check() is None
    assert loaded.evaluate() == pytest.approx(d, abs=1e-12)
    assert loaded.shape_a == a and loaded.shape_b == b
    wrong = cc.Fixture(a, None, b, pose_b, "distance", expected={"distance": d + 1, "tolerance": 1e-9})
    assert "distance" in wrong.check()
    assert json.loads(cc.Shape.from_json(b.to_json()).to_json()) == json.loads(b.to_json())
