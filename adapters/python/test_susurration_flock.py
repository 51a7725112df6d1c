# Self-test of the Python Susurration engine (run: /usr/bin/python3 -m unittest, from adapters/python).
import json
import math
import os
import random
import subprocess
import sys
import unittest
from decimal import Decimal, localcontext
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import susurration_flock as sf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- helpers

def is_correctly_rounded_sqrt(s, r):
    """True iff the double r is the exact rational s's square root rounded to nearest-even."""
    if s == 0:
        return r == 0.0
    below = math.nextafter(r, 0.0)
    above = math.nextafter(r, math.inf)
    lo = ((Fraction(below) + Fraction(r)) / 2) ** 2
    hi = ((Fraction(r) + Fraction(above)) / 2) ** 2
    even = int(math.frexp(r)[0] * 2 ** 53) % 2 == 0
    if lo < s < hi:
        return True
    return (s == lo or s == hi) and even


def hypot_is_correct(x, y, r):
    return is_correctly_rounded_sqrt(Fraction(x) ** 2 + Fraction(y) ** 2, r)


def sin_cos_by_halving(x, prec=90):
    """Independent high-precision sin/cos: series at x/32, then 5 doublings."""
    with localcontext() as ctx:
        ctx.prec = prec
        h = Decimal(x) / 32
        h2 = h * h
        s, c, ts, tc = Decimal(0), Decimal(0), h, Decimal(1)
        for k in range(40):
            s += ts
            c += tc
            ts = -ts * h2 / ((2 * k + 2) * (2 * k + 3))
            tc = -tc * h2 / ((2 * k + 1) * (2 * k + 2))
        for _ in range(5):
            s, c = 2 * s * c, 1 - 2 * s * s
        return s, c


def nearest_double_is(value, r):
    """The high-precision Decimal value lies in r's rounding interval (with margin)."""
    f = Fraction(value)
    lo = (Fraction(math.nextafter(r, -math.inf)) + Fraction(r)) / 2
    hi = (Fraction(r) + Fraction(math.nextafter(r, math.inf))) / 2
    margin = Fraction(1, 10 ** 70)
    return lo + margin < f < hi - margin


def make_state(birds):
    """birds: list of (x, y, vx, vy)."""
    return sf.State([b[0] for b in birds], [b[1] for b in birds],
                    [b[2] for b in birds], [b[3] for b in birds])


# ---------------------------------------------------------------- PRNG / init

class PrngTest(unittest.TestCase):
    SEED42 = [0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
              0.6697340414393693, 0.17481389874592423, 0.5265925421845168,
              0.2732279943302274, 0.6247446539346129, 0.8654746483080089,
              0.4723170551005751]

    def test_seed_42_first_ten(self):
        rng = sf.Mulberry32(42)
        got = [rng.next() for _ in range(10)]
        self.assertEqual([repr(v) for v in got], [repr(v) for v in self.SEED42])

    def test_range_and_uint32_seeds(self):
        for seed in (0, 1, 4294967295):
            rng = sf.Mulberry32(seed)
            for _ in range(1000):
                v = rng.next()
                self.assertTrue(0.0 <= v < 1.0)
                self.assertEqual(v * 4294967296.0, float(int(v * 4294967296.0)))

    def test_init_draw_order(self):
        st = sf.initialise(42, 3)
        v = self.SEED42
        self.assertEqual(st.x[0], v[0] * 1000.0)
        self.assertEqual(st.y[0], v[1] * 600.0)
        self.assertEqual(st.x[1], v[4] * 1000.0)
        self.assertEqual(st.y[2], v[9] * 600.0)
        speed0 = 1.6 + v[3] * (4.2 - 1.6)
        angle0 = (v[2] * 2.0) * math.pi
        s0, c0 = sf.sin_cos(angle0)
        self.assertEqual(st.vx[0], speed0 * c0)
        self.assertEqual(st.vy[0], speed0 * s0)

    def test_init_speeds_in_range(self):
        st = sf.initialise(42, 400)
        for vx, vy in zip(st.vx, st.vy):
            self.assertTrue(1.6 - 1e-12 <= math.hypot(vx, vy) <= 4.2 + 1e-12)


# ---------------------------------------------------------------- exact math

class SinCosTest(unittest.TestCase):
    def test_seed42_angle_that_libm_misrounds(self):
        # glibc's sin is 1 ulp off here; the correctly rounded value ends in ...eeb.
        x = float.fromhex("0x1.dc111289a5879p-2")
        s, c = sf.sin_cos(x)
        self.assertEqual(s.hex(), "0x1.cb19fec112eebp-2")
        hs, hc = sin_cos_by_halving(x)
        self.assertTrue(nearest_double_is(hs, s))
        self.assertTrue(nearest_double_is(hc, c))

    def test_all_seed42_init_angles(self):
        rng = sf.Mulberry32(42)
        for _ in range(120):
            rng.next(), rng.next()
            angle = (rng.next() * 2.0) * math.pi
            rng.next()
            s, c = sf.sin_cos(angle)
            hs, hc = sin_cos_by_halving(angle)
            self.assertTrue(nearest_double_is(hs, s), angle.hex())
            self.assertTrue(nearest_double_is(hc, c), angle.hex())

    def test_special_values(self):
        self.assertEqual(sf.sin_cos(0.0), (0.0, 1.0))
        s, c = sf.sin_cos(math.pi)
        self.assertEqual(s, math.sin(math.pi))      # 1.2246467991473532e-16
        self.assertEqual(c, -1.0)


class HypotTest(unittest.TestCase):
    # Finding (CPython 3.11.2): math.hypot matched exact rounding on ~1.5 million
    # random and simulation inputs, but misrounds some exact ties and near-ties,
    # so the module verifies it.  These tests check the module's hypot.

    def test_random_inputs(self):
        rng = random.Random(2024)
        for _ in range(3000):
            kind = rng.randrange(4)
            if kind == 0:
                x, y = rng.uniform(-500, 500), rng.uniform(-300, 300)
            elif kind == 1:
                x, y = rng.uniform(-5, 5), rng.uniform(-5, 5)
            elif kind == 2:
                x = math.ldexp(rng.random(), rng.randint(-60, 60))
                y = math.ldexp(rng.random(), rng.randint(-60, 60))
            else:
                x, y = rng.uniform(-1, 1), rng.uniform(-1, 1)
            self.assertTrue(hypot_is_correct(x, y, sf.hypot(x, y)), (x, y))

    def test_exact_ties_round_to_even(self):
        # m, n with m^2 + n^2 an odd 54-bit integer: sqrt is exactly a midpoint.
        rng = random.Random(7)
        found = 0
        while found < 300:
            m = rng.randint(2 ** 26, 2 ** 27)
            n = rng.randint(1, m - 1)
            if (m - n) % 2 == 0:
                continue
            big, a, b = m * m + n * n, m * m - n * n, 2 * m * n
            if not (2 ** 53 <= big < 2 ** 54 and a < 2 ** 53 and b < 2 ** 53):
                continue
            found += 1
            for sc in (1.0, 2.0 ** -50):
                x, y = float(a) * sc, float(b) * sc
                r = sf.hypot(x, y)
                self.assertTrue(hypot_is_correct(x, y, r), (x, y))
                self.assertEqual(r, float(big) * sc)   # int -> float is ties-to-even

    def test_near_ties(self):
        # (2n)^2 + (2n^2)^2 = (2n^2 + 1)^2 - 1: 2^-55 ulp below a midpoint.
        rng = random.Random(3)
        lo, hi = math.isqrt(2 ** 52) + 1, math.isqrt(2 ** 53 - 1)
        for _ in range(300):
            n = rng.randint(lo, hi)
            x, y = float(2 * n), float(2 * n * n)
            self.assertEqual(sf.hypot(x, y), float(2 * n * n))   # rounds down

    def test_exact_small_cases(self):
        self.assertEqual(sf.hypot(54.0, 72.0), 90.0)
        self.assertEqual(sf.hypot(-3.0, 4.0), 5.0)
        self.assertEqual(sf.hypot(0.0, -2.5), 2.5)
        self.assertEqual(sf.hypot(0.0, 0.0), 0.0)
        self.assertEqual(sf.hypot(1e-300, 1e-300), math.hypot(1e-300, 1e-300))
        for x, y in ((3e200, 4e200), (3e-200, 4e-200), (1e-310, 3e-310), (1.5e300, 2e300)):
            self.assertTrue(hypot_is_correct(x, y, sf.hypot(x, y)), (x, y))
            self.assertEqual(sf.hypot(x, y), sf.hypot_exact(x, y))


# ---------------------------------------------------------------- torus

class TorusTest(unittest.TestCase):
    def test_half_field_not_wrapped(self):
        self.assertEqual(sf.torus_delta(0.0, 500.0, sf.WIDTH), 500.0)
        self.assertEqual(sf.torus_delta(500.0, 0.0, sf.WIDTH), -500.0)
        self.assertEqual(sf.torus_delta(0.0, 300.0, sf.HEIGHT), 300.0)
        self.assertEqual(sf.torus_delta(300.0, 0.0, sf.HEIGHT), -300.0)
        self.assertEqual(sf.torus_delta(250.0, 750.0, sf.WIDTH), 500.0)

    def test_wraps_beyond_half(self):
        just = math.nextafter(500.0, math.inf)
        self.assertEqual(sf.torus_delta(0.0, just, sf.WIDTH), just - 1000.0)
        self.assertEqual(sf.torus_delta(just, 0.0, sf.WIDTH), 1000.0 - just)
        self.assertEqual(sf.torus_delta(0.0, 999.0, sf.WIDTH), -1.0)
        self.assertEqual(sf.torus_delta(999.0, 0.0, sf.WIDTH), 1.0)
        self.assertEqual(sf.torus_delta(5.0, 595.0, sf.HEIGHT), -10.0)

    def test_distance(self):
        self.assertEqual(sf.torus_distance(0.0, 0.0, 500.0, 300.0), math.hypot(500.0, 300.0))
        self.assertEqual(sf.torus_distance(990.0, 595.0, 44.0, 67.0), 90.0)   # (54, 72)

    def test_tiny_negative_wrap_gives_size(self):
        self.assertEqual(sf.wrap(-2.0 ** -54, sf.WIDTH), 1000.0)
        self.assertEqual(sf.wrap(-2.0 ** -54, sf.HEIGHT), 600.0)
        self.assertEqual(sf.wrap(1000.0, sf.WIDTH), 0.0)
        self.assertEqual(sf.wrap(-1.5, sf.WIDTH), 998.5)
        self.assertEqual(sf.wrap(0.0, sf.WIDTH), 0.0)
        self.assertEqual(sf.wrap(599.5, sf.HEIGHT), 599.5)
        self.assertEqual(sf.wrap(600.25, sf.HEIGHT), 0.25)

    def test_tiny_negative_wrap_in_a_step(self):
        x0 = math.nextafter(1.6, 0.0)          # x0 - 1.6 == -2**-52 exactly
        st = make_state([(x0, 300.0, -1.6, 0.0)])
        st1 = sf.step(st)
        self.assertEqual(st1.x[0], 1000.0)     # kept, legal (FIELD-2, FIELD-5)
        self.assertEqual(st1.vx[0], -1.6)
        st2 = sf.step(st1)
        self.assertEqual(st2.x[0], 1000.0 - 1.6)


# ---------------------------------------------------------------- step

class StepTest(unittest.TestCase):
    def test_lone_bird_keeps_velocity(self):
        st = make_state([(10.0, 20.0, 3.0, -1.0)])
        st1 = sf.step(st)
        self.assertEqual((st1.x[0], st1.y[0], st1.vx[0], st1.vy[0]), (13.0, 19.0, 3.0, -1.0))

    def test_two_birds_by_hand(self):
        # Bird 0 at (100, 100), bird 1 at (110, 100): distance 10 < 28.
        st = make_state([(100.0, 100.0, 2.0, 0.0), (110.0, 100.0, 0.0, 2.0)])
        wc, wa, ws = 1.0, 0.5, 0.25
        st1 = sf.step(st, (wc, wa, ws))
        dx, dy, d = 10.0, 0.0, 10.0
        d2 = d * d
        px, py = (-dx) / d2, (-dy) / d2
        ux = ((2.0 + (dx / 1.0) * (wc * 0.0045)) + (0.0 / 1.0 - 2.0) * (wa * 0.05)) + px * (ws * 2.5)
        uy = ((0.0 + (dy / 1.0) * (wc * 0.0045)) + (2.0 / 1.0 - 0.0) * (wa * 0.05)) + py * (ws * 2.5)
        sp = math.hypot(ux, uy)
        f = min(max(sp, 1.6), 4.2) / sp
        self.assertEqual(st1.vx[0], ux * f)
        self.assertEqual(st1.vy[0], uy * f)
        self.assertEqual(st1.x[0], 100.0 + ux * f)

    def test_same_position_no_separation(self):
        st = make_state([(500.0, 300.0, 2.0, 0.0), (500.0, 300.0, 0.0, 2.0)])
        st1 = sf.step(st, (1.0, 1.0, 1.0))
        ux = ((2.0 + (0.0 / 1.0) * 0.0045) + (0.0 - 2.0) * 0.05) + 0.0
        uy = ((0.0 + (0.0 / 1.0) * 0.0045) + (2.0 - 0.0) * 0.05) + 0.0
        self.assertEqual((st1.vx[0], st1.vy[0]), (ux, uy))
        self.assertTrue(all(math.isfinite(v) for v in st1.vx + st1.vy))

    def test_zero_velocity_keeps_direction(self):
        # -40 * 0.05 rounds to exactly -2.0, so bird 0's new velocity is (0, 0).
        st = make_state([(100.0, 100.0, 2.0, 0.0), (150.0, 100.0, -38.0, 0.0)])
        st1 = sf.step(st, (0.0, 1.0, 0.0))
        self.assertEqual((st1.vx[0], st1.vy[0]), (1.6, 0.0))
        self.assertEqual(st1.vx[1], -4.2)       # clamped from -36

    def test_neighbour_radius_strict(self):
        # Exactly 90 apart: not neighbours, both fly straight on.
        st = make_state([(100.0, 100.0, 2.0, 0.0), (154.0, 172.0, 0.0, 2.0)])
        st1 = sf.step(st)
        self.assertEqual((st1.vx, st1.vy), ([2.0, 0.0], [0.0, 2.0]))

    def test_synchronous(self):
        # The step must not depend on bird order being processed in place:
        # compare with a naive full recomputation from the old state.
        st = sf.initialise(5, 60)
        for _ in range(10):
            st = sf.step(st)
        new = sf.step(st)
        old = st.copy()
        for i in range(old.n):
            nb = [(j, sf.torus_delta(old.x[i], old.x[j], sf.WIDTH),
                   sf.torus_delta(old.y[i], old.y[j], sf.HEIGHT)) for j in range(old.n) if j != i]
            nb = [(j, dx, dy, sf.hypot(dx, dy)) for j, dx, dy in nb]
            nb = [t for t in nb if t[3] < 90.0]
            vx, vy = old.vx[i], old.vy[i]
            if nb:
                k = float(len(nb))
                sdx = sdy = svx = svy = px = py = 0.0
                for j, dx, dy, d in nb:
                    sdx += dx
                    sdy += dy
                    svx += old.vx[j]
                    svy += old.vy[j]
                    if 0.0 < d < 28.0:
                        px += (-dx) / (d * d)
                        py += (-dy) / (d * d)
                ux = ((vx + (sdx / k) * 0.0045) + (svx / k - vx) * 0.05) + px * 2.5
                uy = ((vy + (sdy / k) * 0.0045) + (svy / k - vy) * 0.05) + py * 2.5
            else:
                ux, uy = vx, vy
            sp = sf.hypot(ux, uy)
            f = min(max(sp, 1.6), 4.2) / sp
            self.assertEqual(new.vx[i], ux * f)
            self.assertEqual(new.vy[i], uy * f)
            self.assertEqual(new.x[i], sf.wrap(old.x[i] + ux * f, 1000.0))
            self.assertEqual(new.y[i], sf.wrap(old.y[i] + uy * f, 600.0))

    def test_grid_matches_bruteforce(self):
        edge = make_state([(0.0, 0.0, 2, 0), (1000.0, 600.0, 2, 0), (500.0, 300.0, 2, 0),
                           (910.0, 0.0, 2, 0), (90.0, 599.0, 2, 0), (45.0, 45.0, 2, 0),
                           (999.9, 300.0, 2, 0), (89.9, 300.0, 2, 0)])
        self.assertEqual(sf.neighbour_lists(edge), sf.neighbour_lists_bruteforce(edge))
        st = sf.initialise(11, 150)
        for t in range(40):
            self.assertEqual(sf.neighbour_lists(st), sf.neighbour_lists_bruteforce(st), t)
            st = sf.step(st)

    def test_speed_bounds_after_steps(self):
        st = sf.initialise(42, 120)
        for _ in range(50):
            st = sf.step(st)
            for vx, vy in zip(st.vx, st.vy):
                s = math.hypot(vx, vy)
                self.assertTrue(1.6 * (1 - 1e-15) <= s <= 4.2 * (1 + 1e-15))
            for x, y in zip(st.x, st.y):
                self.assertTrue(0.0 <= x <= 1000.0 and 0.0 <= y <= 600.0)


# ---------------------------------------------------------------- metrics

class MetricsTest(unittest.TestCase):
    def test_distance_exactly_90_is_two_clusters(self):
        pol, clusters, mean = sf.metrics(make_state([(0.0, 0.0, 2, 0), (90.0, 0.0, 2, 0)]))
        self.assertEqual((pol, clusters, mean), (1.0, 2, 90.0))
        pol, clusters, mean = sf.metrics(make_state([(100.0, 100.0, 2, 0), (154.0, 172.0, 2, 0)]))
        self.assertEqual((clusters, mean), (2, 90.0))

    def test_just_under_90_is_one_cluster(self):
        just = math.nextafter(90.0, 0.0)
        _, clusters, mean = sf.metrics(make_state([(0.0, 0.0, 2, 0), (just, 0.0, 2, 0)]))
        self.assertEqual((clusters, mean), (1, just))

    def test_clusters_across_the_seam(self):
        _, clusters, _ = sf.metrics(make_state([(995.0, 0.0, 2, 0), (85.0, 0.0, 2, 0)]))
        self.assertEqual(clusters, 2)          # torus distance exactly 90
        _, clusters, mean = sf.metrics(make_state([(996.0, 590.0, 2, 0), (85.0, 0.0, 2, 0)]))
        self.assertEqual((clusters, mean), (1, math.hypot(89.0, 10.0)))

    def test_chain_is_one_cluster(self):
        birds = [(10.0 + 80.0 * k, 300.0, 2, 0) for k in range(5)] + [(800.0, 100.0, 2, 0)]
        _, clusters, _ = sf.metrics(make_state(birds))
        self.assertEqual(clusters, 2)

    def test_all_aligned_polarization_exactly_one(self):
        birds = [(10.0 * k, 5.0 * k, 0.0, -2.5) for k in range(1, 8)]
        self.assertEqual(sf.metrics(make_state(birds))[0], 1.0)
        birds = [(10.0 * k, 5.0 * k, 1.6 + 0.3 * k, 0.0) for k in range(1, 8)]
        self.assertEqual(sf.metrics(make_state(birds))[0], 1.0)

    def test_opposite_polarization_zero(self):
        pol, _, _ = sf.metrics(make_state([(0.0, 0.0, 2.0, 0.0), (500.0, 300.0, -3.0, 0.0)]))
        self.assertEqual(pol, 0.0)

    def test_mean_neighbor_distance_limit_270(self):
        self.assertIsNone(sf.metrics(make_state([(0.0, 0.0, 2, 0), (270.0, 0.0, 2, 0)]))[2])
        self.assertIsNone(sf.metrics(make_state([(0.0, 0.0, 2, 0), (300.0, 0.0, 2, 0)]))[2])
        self.assertEqual(sf.metrics(make_state([(0.0, 0.0, 2, 0), (269.5, 0.0, 2, 0)]))[2], 269.5)
        # Three birds: two close, one far (left out): mean over the two.
        st = make_state([(0.0, 0.0, 2, 0), (10.0, 0.0, 2, 0), (500.0, 300.0, 2, 0)])
        self.assertEqual(sf.metrics(st)[1:], (2, 10.0))

    def test_single_bird(self):
        self.assertEqual(sf.metrics(make_state([(1.0, 2.0, 0.0, 3.0)])), (1.0, 1, None))

    def test_mean_against_bruteforce(self):
        st = sf.initialise(9, 200)
        for _ in range(30):
            st = sf.step(st)
        best = []
        for i in range(st.n):
            best.append(min(sf.torus_distance(st.x[i], st.y[i], st.x[j], st.y[j])
                            for j in range(st.n) if j != i))
        total, count = 0.0, 0
        for d in best:
            if d < 270.0:
                total += d
                count += 1
        self.assertEqual(sf.metrics(st)[2], total / count)


# ---------------------------------------------------------------- run / CLI

class RunTest(unittest.TestCase):
    def test_rows_and_tick0(self):
        rows = list(sf.run(42, 20, 5))
        self.assertEqual([t for t, _ in rows], list(range(6)))
        self.assertEqual(rows[0][1], sf.metrics(sf.initialise(42, 20)))

    def test_schedule_applies_to_step_from_its_tick(self):
        w1, w2 = (1.0, 1.0, 1.0), (0.2, 0.9, 0.4)
        st = sf.initialise(3, 40)
        for t in range(6):
            st = sf.step(st, w1 if t < 3 else w2)
        self.assertEqual(sf.metrics(st), dict(sf.run(3, 40, 6, w1, {3: w2}))[6])
        st0 = sf.initialise(3, 40)
        self.assertEqual(sf.metrics(sf.step(st0, w2)), dict(sf.run(3, 40, 1, w1, {0: w2}))[1])
        self.assertNotEqual(dict(sf.run(3, 40, 6, w1, {3: w2}))[6],
                            dict(sf.run(3, 40, 6, w1, {4: w2}))[6])


class CliTest(unittest.TestCase):
    def run_cli(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, "simulate.py")] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def test_json_lines(self):
        p = self.run_cli("--seed", "42", "--birds", "12", "--ticks", "3", "--weights", "1,0.5,0")
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.splitlines()
        self.assertEqual(len(lines), 4)
        for t, line in enumerate(lines):
            obj = json.loads(line)
            self.assertEqual(list(obj), ["tick", "polarization", "cluster_count",
                                         "mean_neighbor_distance"])
            self.assertEqual(obj["tick"], t)
            self.assertIsInstance(obj["cluster_count"], int)
        rows = dict(sf.run(42, 12, 3, (1.0, 0.5, 0.0)))
        first = json.loads(lines[0])
        self.assertEqual(first["polarization"], rows[0][0])
        self.assertIn('"polarization": %r' % rows[0][0], lines[0])

    def test_invalid_inputs(self):
        for args, msg in ((("--seed", "4294967296", "--ticks", "1"),
                           "invalid seed: 4294967296 (allowed: 0..4294967295)"),
                          (("--seed", "1", "--birds", "401", "--ticks", "1"),
                           "invalid birds: 401 (allowed: 10..400)"),
                          (("--seed", "1", "--ticks", "20001"),
                           "invalid ticks: 20001 (allowed: 0..20000)"),
                          (("--seed", "1", "--ticks", "1", "--weights", "1,inf,0"),
                           "invalid weights: 1,inf,0")):
            p = self.run_cli(*args)
            self.assertEqual(p.returncode, 2)
            self.assertEqual(p.stdout, "")
            self.assertTrue(p.stderr.startswith(msg), p.stderr)


class OrderedSumTest(unittest.TestCase):
    def test_sums_run_left_to_right_without_compensation(self):
        # A compensated sum (Python 3.12's sum(), math.fsum) gives 1.0 here.
        for values in ([1e16, 1.0, -1e16], [0.1] * 10, [-0.0, -0.0]):
            plain = 0.0
            for v in values:
                plain += v
            self.assertEqual(sf.ordered_sum(values).hex(), plain.hex())

    def test_pretests_match_the_exact_distance_at_the_limits(self):
        # Pairs at exactly 90 and 28, and one ulp either side, on both axes.
        birds = []
        for k, r in enumerate((90.0, 28.0)):
            for m, d in enumerate((math.nextafter(r, 0.0), r, math.nextafter(r, 100.0))):
                y = 10.0 + 100.0 * (3 * k + m)
                birds += [(100.0, y, 2.0, 0.0), (100.0 + d, y, 2.0, 0.0)]
        birds += [(500.0, 300.0, 0.0, 2.0), (554.0, 372.0, 0.0, 2.0)]   # 54-72-90
        st = make_state(birds)
        self.assertEqual(sf.neighbour_lists(st), sf.neighbour_lists_bruteforce(st))


class SerialisationTest(unittest.TestCase):
    def test_round_text(self):
        for value, places, text in ((0.125, 2, "0.12"), (0.375, 2, "0.38"), (0.005, 2, "0.01"),
                                    (-0.001, 2, "0.00"), (-0.0, 4, "0.0000"), (2.5, 4, "2.5000"),
                                    (-1.23456789, 4, "-1.2346"), (1e22, 2, "10000000000000000000000.00")):
            self.assertEqual(sf.round_text(value, places), text, (value, places))

    def test_state_hash_sees_every_bit(self):
        a = make_state([(1.0, 2.0, 3.0, 0.0)])
        b = make_state([(1.0, 2.0, 3.0, -0.0)])
        self.assertRegex(sf.state_hash(a), "^[0-9a-f]{16}$")
        self.assertNotEqual(sf.state_hash(a), sf.state_hash(b))
        # FNV-1a of no bytes is the offset basis.
        self.assertEqual(sf.state_hash(make_state([])), "cbf29ce484222325")

    def test_prng_skip(self):
        r1, r2 = sf.Mulberry32(7), sf.Mulberry32(7)
        for _ in range(1000):
            r1.next_uint32()
        r2.skip(1000)
        self.assertEqual(r1.next_uint32(), r2.next_uint32())


class EngineTest(unittest.TestCase):
    def talk(self, *lines):
        p = subprocess.run([sys.executable, os.path.join(HERE, "engine.py")],
                           input="".join(line + "\n" for line in lines),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        return [json.loads(line) for line in p.stdout.splitlines()]

    def error(self, method, params):
        (reply,) = self.talk(json.dumps({"id": 3, "method": method, "params": params}))
        self.assertEqual(reply["id"], 3)
        self.assertEqual(sorted(reply), ["error", "id"])
        return reply["error"]["code"], reply["error"]["field"]

    def test_hello_step_and_shutdown(self):
        replies = self.talk('{"id":0,"method":"hello","params":{"protocol":1}}',
                            '{"id":1,"method":"step","params":{"state":[[100.0,100.0,2.0,0.0],'
                            '[190.0,100.0,0.0,2.0]],"weights":[1.0,1.0,1.0],"ticks":1}}',
                            '{"id":2,"method":"shutdown","params":{}}',
                            '{"id":3,"method":"hello","params":{"protocol":1}}')
        self.assertEqual(len(replies), 3)                 # nothing after shutdown
        self.assertEqual(replies[0]["result"]["protocol"], 1)
        self.assertEqual(sorted(replies[0]["result"]["capabilities"]),
                         sorted(["prng", "torus", "init", "step", "metrics", "run", "run_from",
                                 "verify", "round", "hash"]))
        self.assertEqual(replies[1], {"id": 1, "result": {"state": [[102.0, 100.0, 2.0, 0.0],
                                                                    [190.0, 102.0, 0.0, 2.0]]}})
        self.assertEqual(replies[2], {"id": 2, "result": {}})

    def test_minus_zero_is_written_as_such(self):
        (reply,) = self.talk('{"id":1,"method":"step","params":{"state":[[10.0,10.0,-0.0,2.0]],'
                             '"weights":[1,1,1],"ticks":1}}')
        self.assertEqual(math.copysign(1.0, reply["result"]["state"][0][2]), -1.0)

    def test_integers_must_be_json_integers(self):
        for seed in (42.0, True, False, None, "42", -1, 4294967296):
            self.assertEqual(self.error("init", {"seed": seed, "birds": 10}),
                             ("invalid-input", "seed"), seed)
        self.assertEqual(self.error("step", {"state": [[1.0, 1.0, 1.0, 0.0]], "weights": [1, 1, 1],
                                             "ticks": 1.0}), ("invalid-input", "ticks"))

    def test_each_parameter_is_named(self):
        run = {"seed": 1, "birds": 10, "weights": [1, 1, 1], "schedule": [], "ticks": 5,
               "state_ticks": []}
        for key, bad in (("birds", 401), ("weights", [1, "NaN", 1]), ("weights", [1, 1]),
                         ("weights", [True, 1, 1]), ("ticks", 20001),
                         ("schedule", [{"tick": 0, "cohesion": 1, "alignment": 1}]),
                         ("schedule", [{"tick": 2, "cohesion": 1, "alignment": 1, "separation": 1},
                                       {"tick": 2, "cohesion": 1, "alignment": 1, "separation": 1}])):
            self.assertEqual(self.error("run", dict(run, **{key: bad})), ("invalid-input", key), bad)
        verify = dict(run, at_tick=0)
        del verify["ticks"], verify["state_ticks"]
        self.assertEqual(self.error("verify", verify), ("invalid-input", "at_tick"))
        del verify["at_tick"]
        self.assertEqual(self.error("verify", verify), ("invalid-input", "at_tick"))
        for state in ([], [[1.0, 1.0, 0.0, 0.0]], [[1000.5, 1.0, 1.0, 0.0]], [[1.0, 1.0, 1.0]],
                      [[0.0, 5.0, 1.0, 0.0], [1e-300, 5.0, 1.0, 0.0]], [[1.0, 1.0, 1.0, 0.0]] * 401):
            self.assertEqual(self.error("metrics", {"state": state}), ("invalid-input", "state"))
        self.assertEqual(self.error("run", dict(run, extra=1)), ("invalid-request", None))
        self.assertEqual(self.error("prng", {"seed": 1, "skip": -1, "count": 1}),
                         ("invalid-request", None))

    def test_lines_that_are_no_requests(self):
        replies = self.talk("garbage", '{"id":-1,"method":"hello","params":{}}',
                            '{"id":5,"method":"hello"}', '{"id":6,"method":"fly","params":{}}')
        self.assertEqual([r["id"] for r in replies], [None, None, 5, 6])
        self.assertEqual([r["error"]["code"] for r in replies[:3]], ["invalid-request"] * 3)
        self.assertIn("unsupported", replies[3])

    def test_run_reports_states_and_hash(self):
        (reply,) = self.talk(json.dumps({"id": 1, "method": "run", "params": {
            "seed": 3, "birds": 40, "weights": [1, 1, 1], "ticks": 6, "state_ticks": [0, 6],
            "schedule": [{"tick": 3, "cohesion": 0.2, "alignment": 0.9, "separation": 0.4}]}}))
        result = reply["result"]
        rows = list(sf.run(3, 40, 6, (1.0, 1.0, 1.0), {3: (0.2, 0.9, 0.4)}))
        self.assertEqual(result["metrics"]["polarization"], [m[0] for _t, m in rows])
        self.assertEqual(result["metrics"]["cluster_count"], [m[1] for _t, m in rows])
        self.assertEqual([s["tick"] for s in result["states"]], [0, 6])
        final = sf.run_state(3, 40, 6, (1.0, 1.0, 1.0), {3: (0.2, 0.9, 0.4)})
        self.assertEqual(result["states"][1]["state"][7], [final.x[7], final.y[7], final.vx[7], final.vy[7]])
        self.assertEqual(result["final_state_hash"], sf.state_hash(final))


if __name__ == "__main__":
    unittest.main()
