"""Tests of `scripts/speed-targets` on criterion folders written here: which estimate it
reads, the ratios and ranges it prints, and when it calls a target met.

Run by `scripts/test-all` as `python3 -m unittest discover -s scripts/tests`.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "speed-targets"


def load_script():
    """The script as a module (its file has no `.py` suffix)."""
    loader = importlib.machinery.SourceFileLoader("speed_targets", str(SCRIPT))
    spec = importlib.util.spec_from_loader("speed_targets", loader)
    module = importlib.util.module_from_spec(spec)
    # Dataclasses look their module up while it runs.
    sys.modules["speed_targets"] = module
    loader.exec_module(module)
    return module


st = load_script()


def write_bench(root: Path, full_id: str, slope: float | None, mean: float) -> None:
    """One bench's `new/` folder as criterion writes it (ids' slashes become folders and
    underscores)."""
    folder = root / full_id.replace("/", "_") / "new"
    folder.mkdir(parents=True)
    (folder / "benchmark.json").write_text(json.dumps({"full_id": full_id}))
    estimate = lambda x: None if x is None else {"point_estimate": x}  # noqa: E731
    (folder / "estimates.json").write_text(
        json.dumps({"mean": estimate(mean), "slope": estimate(slope), "median": estimate(1.0)})
    )


class ReadEstimates(unittest.TestCase):
    def test_slope_first_then_mean_and_broken_folders_skipped(self):
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            write_bench(root, "hull16/distance/ours", slope=200.0, mean=250.0)
            write_bench(root, "hull16/distance/parry", slope=None, mean=500.0)
            broken = root / "broken" / "new"
            broken.mkdir(parents=True)
            (broken / "benchmark.json").write_text("{not json")
            times = st.read_estimates(root)
        self.assertEqual(times, {"hull16/distance/ours": 200.0, "hull16/distance/parry": 500.0})


class Tables(unittest.TestCase):
    def measured(self, runs):
        """`Measured` from runs given as {full id: ns}."""
        m = st.Measured()
        for times in runs:
            m.add_run(times, st.rows())
        return m

    def test_ratio_is_peer_over_ours_and_bold_only_when_every_run_meets_the_target(self):
        runs = [
            {"hull16/distance/ours": 100.0, "hull16/distance/parry": 310.0,
             "hull64/distance/ours": 100.0, "hull64/distance/parry": 310.0},
            {"hull16/distance/ours": 100.0, "hull16/distance/parry": 320.0,
             "hull64/distance/ours": 100.0, "hull64/distance/parry": 290.0},
        ]
        lines = st.tables(self.measured(runs), {"gjk"})
        # hull1000 was not measured: its cell is empty; no contact line.
        self.assertIn("| GJK distance | **3.10–3.20×** | 2.90–3.10× |  |", lines)
        self.assertFalse(any(line.startswith("| contact") for line in lines))
        self.assertFalse(any("Ray casts" in line for line in lines))

    def test_reference_lines_are_never_bold_and_the_sphere_comes_last(self):
        m = self.measured([{"hull/box/ours/8": 2.0, "hull/box/parry-shape/8": 5.0,
                            "hull/box/parry/8": 5.0,
                            "ray/collision-toi/ball": 10.0, "ray/parry-toi/ball": 15.0}])
        m.sphere_seconds = [1.49, 1.2]
        lines = st.tables(m, {"hull", "ray", "sphere"})
        self.assertIn("| box | **2.50×** |  |  |  |  |", lines)
        self.assertIn("| box, against `ConvexPolyhedron` (no target) | 2.50× |  |  |  |  |", lines)
        self.assertIn("| time only | 1.50× |" + "  |" * 7, lines)
        self.assertEqual(lines[-1], "Hull build, 1e6 points on a sphere: 1.20–1.49 s "
                                    "(target < 1.5 s: met).")
        m.sphere_seconds = [1.5]
        self.assertIn("(target < 1.5 s: not met).", st.tables(m, {"sphere"})[-1])


class FromCriterion(unittest.TestCase):
    def test_the_command_prints_the_rows_it_found(self):
        with tempfile.TemporaryDirectory() as d:
            write_bench(Path(d), "contact/collision/hull16", slope=1000.0, mean=1.0)
            write_bench(Path(d), "contact/parry/hull16", slope=3600.0, mean=1.0)
            out = subprocess.run(
                [sys.executable, str(SCRIPT), "--from-criterion", d, "--only", "contact"],
                capture_output=True, text=True, check=True,
            ).stdout
        self.assertIn("| contact | **3.60×** |  |  |", out.splitlines())
        self.assertIn(", 1 run. Ratio", out)

    def test_unknown_groups_are_refused(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "--only", "gjk,nope"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("unknown groups ['nope']", done.stderr)


class Machines(unittest.TestCase):
    def test_labels_drop_trademarks_and_keep_family_and_model(self):
        xeon = {"model name": "Intel(R) Xeon(R) Processor", "cpu family": "6", "model": "207"}
        epyc = {"model name": "AMD EPYC 9B45 64-Core Processor", "cpu family": "26",
                "model": "2", "flags": "fpu avx512f"}
        self.assertEqual(st.short_label(xeon), "Intel Xeon 6/207")
        self.assertEqual(st.short_label(epyc), "AMD EPYC 9B45 26/2")
        self.assertIn("(family 26, model 2), AVX-512", st.cpu_model(epyc))
        self.assertEqual(st.short_label({}), "unknown")

    def test_saved_runs_combine_into_a_line_per_machine(self):
        with tempfile.TemporaryDirectory() as d:
            files = []
            for label, parry in [("Fast box", 3600.0), ("Slow box", 3000.0)]:
                folder = Path(d) / label
                write_bench(folder, "contact/collision/hull16", slope=1000.0, mean=1.0)
                write_bench(folder, "contact/parry/hull16", slope=parry, mean=1.0)
                files.append(str(Path(d) / f"{label}.json"))
                subprocess.run(
                    [sys.executable, str(SCRIPT), "--from-criterion", str(folder), "--only",
                     "contact", "--save", files[-1], "--label", label],
                    capture_output=True, text=True, check=True,
                )
            out = subprocess.run([sys.executable, str(SCRIPT), "--combine", *files],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        self.assertIn("| queries (GJK ≥ 3× / 3× / 8×, contacts ≥ 3.5×) | machine | hull16 "
                      "| hull64 | hull1000 |", out)
        self.assertIn("| contact | Fast box | **3.60×** |  |  |", out)
        self.assertIn("| contact | Slow box | 3.00× |  |  |", out)
        self.assertTrue(any(line.startswith("- Slow box: `scripts/speed-targets --from-criterion")
                            for line in out))

    def test_the_sphere_line_gives_each_machine_its_verdict(self):
        fast, slow = st.Measured(sphere_seconds=[1.08, 1.1]), st.Measured(sphere_seconds=[1.9])
        lines = st.machine_tables([("Zen 5", fast), ("Xeon", slow)], {"sphere"})
        self.assertEqual(lines[-1], "Hull build, 1e6 points on a sphere (target < 1.5 s): "
                                    "Zen 5 1.08–1.10 s (met); Xeon 1.90 s (not met).")

    def test_files_that_are_not_saved_runs_are_refused_by_name(self):
        with tempfile.TemporaryDirectory() as d:
            bad = Path(d) / "bad.json"
            bad.write_text(json.dumps({"label": "x", "ratios": {"a": 1.0}, "sphere_seconds": []}))
            words = Path(d) / "words.json"
            words.write_text(json.dumps({"label": "x", "ratios": {"a": ["fast"]},
                                         "sphere_seconds": []}))
            for path in [bad, words, Path(d) / "missing.json"]:
                done = subprocess.run([sys.executable, str(SCRIPT), "--combine", str(path)],
                                      capture_output=True, text=True)
                self.assertEqual(done.returncode, 1)
                self.assertIn(f"{path} is not a file written by --save", done.stderr)
                self.assertNotIn("Traceback", done.stderr)

    def test_a_save_that_cannot_be_written_says_where(self):
        with tempfile.TemporaryDirectory() as d:
            write_bench(Path(d), "contact/collision/hull16", slope=1000.0, mean=1.0)
            write_bench(Path(d), "contact/parry/hull16", slope=3600.0, mean=1.0)
            target = Path(d) / "no such folder" / "run.json"
            done = subprocess.run([sys.executable, str(SCRIPT), "--from-criterion", d,
                                   "--only", "contact", "--save", str(target)],
                                  capture_output=True, text=True)
        self.assertEqual(done.returncode, 1)
        self.assertIn(f"speed-targets: cannot write {target}:", done.stderr)
        self.assertNotIn("Traceback", done.stderr)


if __name__ == "__main__":
    unittest.main()
