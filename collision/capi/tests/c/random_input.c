/*
 * Seeded random arguments through the C ABI: shapes of every built-in kind with sizes from
 * subnormal to near DBL_MAX (and NaN, infinite and negative ones), poses with special
 * values and non-unit quaternions, margins, rays and motions alike. Every call must
 * return a status of the enum other than COLL_STATUS_INTERNAL_ERROR, and a call that
 * returns COLL_STATUS_OK must have
 * written no NaN; batch calls over a scene of such shapes and poses give each pair the
 * single call's status and answer. Nothing may crash: the test runs this under AddressSanitizer and
 * UndefinedBehaviorSanitizer. (A contact of shapes near 1e300 once looped in EPA until
 * the stack overflowed, and rounding a rounded shape nested it.) Prints "N passed,
 * N failed" and exits non-zero on any failure.
 */
#include "collision.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int passed = 0, failed = 0;

static uint64_t state = 0x9e3779b97f4a7c15ULL;

/* A uniform double in [0, 1). */
static double uniform(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(state >> 11) / (double)(1ULL << 53);
}

static int below(int n) { return (int)(uniform() * n); }

/* A number: often a special value, else moderate, sometimes huge or tiny. */
static double number(void) {
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 5e-324, 1e-300, 1e-60, 1e60,
                                     1e300, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN};
    double r = uniform();
    if (r < 0.3) return special[below(sizeof special / sizeof special[0])];
    double x = 6.0 * uniform() - 3.0;
    if (r < 0.8) return x;
    return x * pow(10.0, 600.0 * uniform() - 300.0);
}

static void vector(double *v, int n) {
    for (int k = 0; k < n; ++k) v[k] = number();
}

static CollPose pose(void) {
    CollPose p;
    double n = 0.0;
    for (int k = 0; k < 4; ++k) {
        p.orientation[k] = 2.0 * uniform() - 1.0;
        n += p.orientation[k] * p.orientation[k];
    }
    for (int k = 0; k < 4; ++k) p.orientation[k] /= sqrt(n);
    for (int k = 0; k < 3; ++k) p.position[k] = 10.0 * uniform() - 5.0;
    if (uniform() < 0.4) {
        int k = below(7);
        if (k < 4) {
            p.orientation[k] = number();
        } else {
            p.position[k - 4] = number();
        }
    }
    return p;
}

/* A shape of a random kind and size, or NULL when its constructor refused. */
static CollShape *shape(void) {
    CollShape *s = NULL;
    double a[3], b[3], c[3], xyz[3 * 12];
    vector(a, 3);
    vector(b, 3);
    vector(c, 3);
    switch (below(10)) {
    case 0: coll_ball_create(number(), &s); break;
    case 1: coll_cuboid_create(a, &s); break;
    case 2: coll_capsule_create(number(), number(), &s); break;
    case 3: coll_cylinder_create(number(), number(), &s); break;
    case 4: coll_cone_create(number(), number(), &s); break;
    case 5: coll_segment_create(a, b, &s); break;
    case 6: coll_triangle_create(a, b, c, &s); break;
    case 7: coll_point_create(a, &s); break;
    case 8: {
        int n = 1 + below(12);
        double scale = pow(10.0, 600.0 * uniform() - 300.0);
        for (int k = 0; k < 3 * n; ++k) xyz[k] = (2.0 * uniform() - 1.0) * scale;
        if (uniform() < 0.2) xyz[below(3 * n)] = number();
        coll_hull_create(xyz, (size_t)n, &s);
        break;
    }
    default: {
        CollShape *inner = shape();
        if (inner != NULL) {
            coll_rounded_create(inner, number(), &s);
            coll_shape_destroy(inner);
        }
    }
    }
    return s;
}

static int any_nan(const double *v, int n) {
    for (int k = 0; k < n; ++k) {
        if (isnan(v[k])) return 1;
    }
    return 0;
}

/* Checks a call's status (an internal error, a caught panic, fails too), and `nan`:
 * whether an OK call's outputs held NaN (outputs are only read after an OK). */
static void check(CollStatus status, int nan, const char *what, int round) {
    if ((int)status < (int)COLL_STATUS_OK || (int)status > (int)COLL_STATUS_UNSUPPORTED) {
        printf("FAIL round %d: %s returned %d (%s)\n", round, what, (int)status,
               coll_last_error_message());
        ++failed;
    } else if (status == COLL_STATUS_OK && nan) {
        printf("FAIL round %d: %s answered NaN\n", round, what);
        ++failed;
    } else {
        ++passed;
    }
}

/* Whether two doubles are the same answer (equal, or both NaN: never OK answers). */
static int same_number(double x, double y) { return x == y || (isnan(x) && isnan(y)); }

static int same_numbers(const double *x, const double *y, int n) {
    for (int k = 0; k < n; ++k) {
        if (!same_number(x[k], y[k])) return 0;
    }
    return 1;
}

/* Whether a status carries an answer. */
static int answered(CollStatus s) {
    return s == COLL_STATUS_OK || s == COLL_STATUS_NOT_CONVERGED;
}

/* Counts a batch row against the single call: the same status, and the same answer
 * when there is one. */
static void check_row(int same, const char *what, int k, CollStatus got, CollStatus want) {
    if (got == want && same) {
        ++passed;
    } else {
        printf("FAIL %s pair %d: status %d, the single call's %d\n", what, k, (int)got, (int)want);
        ++failed;
    }
}

enum { SCENE_KINDS = 24, SCENE_ENTRIES = 1000, MANY_PAIRS = 2000 };

/* Batch calls over a scene of random shapes (null handles among them, where a shape was
 * refused) at random poses (special values and non-unit quaternions among them), with
 * indices out of range: every row's status and answer are the single call's, through
 * both of the call's paths (40 pairs of 1,000 entries read the pairs' entries alone,
 * 2,000 pairs the scene whole). */
static void batch_rounds(void) {
    CollShape *kinds[SCENE_KINDS];
    for (int k = 0; k < SCENE_KINDS; ++k) kinds[k] = shape();
    static const CollShape *handles[SCENE_ENTRIES];
    static CollPose poses[SCENE_ENTRIES];
    for (int e = 0; e < SCENE_ENTRIES; ++e) {
        handles[e] = kinds[below(SCENE_KINDS)];
        poses[e] = pose();
    }
    static uint32_t pairs[2 * MANY_PAIRS];
    static CollDistance distances[MANY_PAIRS];
    static bool hits[MANY_PAIRS];
    static CollContact contacts[MANY_PAIRS];
    static CollStatus statuses[MANY_PAIRS];
    const int counts[] = {40, MANY_PAIRS};
    for (int c = 0; c < 2; ++c) {
        int n = counts[c];
        for (int k = 0; k < 2 * n; ++k) {
            pairs[k] = uniform() < 0.02 ? SCENE_ENTRIES + (uint32_t)below(100)
                                        : (uint32_t)below(SCENE_ENTRIES);
        }
        double margin = uniform();
        check(coll_batch_distance(handles, SCENE_ENTRIES, poses, SCENE_ENTRIES, pairs, n,
                                  distances, statuses, n),
              0, "coll_batch_distance", c);
        for (int k = 0; k < n; ++k) {
            uint32_t i = pairs[2 * k], j = pairs[2 * k + 1];
            CollDistance one = {0, 0};
            CollStatus want = COLL_STATUS_INVALID_ARGUMENT;
            if (i < SCENE_ENTRIES && j < SCENE_ENTRIES) {
                want = coll_distance(handles[i], &poses[i], handles[j], &poses[j], &one);
            }
            int same = !answered(want) || (same_number(one.distance, distances[k].distance) &&
                                           same_number(one.lower_bound, distances[k].lower_bound));
            check_row(same, "coll_batch_distance", k, statuses[k], want);
        }
        check(coll_batch_intersects(handles, SCENE_ENTRIES, poses, SCENE_ENTRIES, pairs, n, hits,
                                    statuses, n),
              0, "coll_batch_intersects", c);
        for (int k = 0; k < n; ++k) {
            uint32_t i = pairs[2 * k], j = pairs[2 * k + 1];
            bool one = false;
            CollStatus want = COLL_STATUS_INVALID_ARGUMENT;
            if (i < SCENE_ENTRIES && j < SCENE_ENTRIES) {
                want = coll_intersects(handles[i], &poses[i], handles[j], &poses[j], &one);
            }
            check_row(!answered(want) || one == hits[k], "coll_batch_intersects", k, statuses[k],
                      want);
        }
        check(coll_batch_contact(handles, SCENE_ENTRIES, poses, SCENE_ENTRIES, pairs, n, margin,
                                 contacts, statuses, n),
              0, "coll_batch_contact", c);
        for (int k = 0; k < n; ++k) {
            uint32_t i = pairs[2 * k], j = pairs[2 * k + 1];
            CollContact one;
            CollStatus want = COLL_STATUS_INVALID_ARGUMENT;
            if (i < SCENE_ENTRIES && j < SCENE_ENTRIES) {
                want = coll_contact(handles[i], &poses[i], handles[j], &poses[j], margin, NULL,
                                    &one);
            }
            const CollContact *got = &contacts[k];
            int same = !answered(want) ||
                       (one.in_range == got->in_range && (!one.in_range ||
                        (same_number(one.separation, got->separation) &&
                         same_number(one.depth, got->depth) &&
                         same_numbers(one.normal, got->normal, 3) &&
                         same_numbers(one.point_a, got->point_a, 3) &&
                         same_numbers(one.point_b, got->point_b, 3) &&
                         one.exactness == got->exactness && one.method == got->method)));
            check_row(same, "coll_batch_contact", k, statuses[k], want);
        }
    }
    for (int k = 0; k < SCENE_KINDS; ++k) coll_shape_destroy(kinds[k]);
}

int main(int argc, char **argv) {
    /* Another seed as the first argument, for longer runs by hand. */
    if (argc > 1) state = strtoull(argv[1], NULL, 10);
    for (int round = 0; round < 4000; ++round) {
        CollShape *a = shape(), *b = shape();
        if (a == NULL || b == NULL) {
            coll_shape_destroy(a);
            coll_shape_destroy(b);
            continue;
        }
        CollPose pa = pose(), pb = pose();
        bool hit;
        CollDistance d;
        CollClosestPoints cp;
        CollContact c;
        CollRayHit ray;
        CollImpact impact;
        CollMassProperties mass;
        double origin[3], dir[3];
        vector(origin, 3);
        vector(dir, 3);

        check(coll_intersects(a, &pa, b, &pb, &hit), 0, "coll_intersects", round);
        CollStatus s = coll_distance(a, &pa, b, &pb, &d);
        check(s, s == COLL_STATUS_OK && (isnan(d.distance) || isnan(d.lower_bound)), "coll_distance",
              round);
        s = coll_closest_points(a, &pa, b, &pb, NULL, &cp);
        check(s,
              s == COLL_STATUS_OK &&
                  (isnan(cp.distance) || isnan(cp.lower_bound) || any_nan(cp.point_a, 3) ||
                   any_nan(cp.point_b, 3) || any_nan(cp.normal, 3)),
              "coll_closest_points", round);
        s = coll_contact(a, &pa, b, &pb, number(), NULL, &c);
        check(s,
              s == COLL_STATUS_OK && c.in_range && (isnan(c.separation) || isnan(c.depth) || any_nan(c.normal, 3) ||
                             any_nan(c.point_a, 3) || any_nan(c.point_b, 3)),
              "coll_contact", round);
        s = coll_ray_cast(a, &pa, origin, dir, number(), &ray);
        check(s, s == COLL_STATUS_OK && ray.hit && (isnan(ray.toi) || any_nan(ray.point, 3) || any_nan(ray.normal, 3)),
              "coll_ray_cast", round);
        CollMotion ma = {pa, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
        CollMotion mb = {pb, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
        vector(mb.linear_velocity, 3);
        vector(ma.angular_velocity, 3);
        s = coll_time_of_impact(a, &ma, b, &mb, number(), &impact);
        check(s,
              s == COLL_STATUS_OK && impact.hit && (isnan(impact.time) || any_nan(impact.point_a, 3) ||
                             any_nan(impact.point_b, 3) || any_nan(impact.normal, 3)),
              "coll_time_of_impact", round);
        s = coll_mass_properties(a, number(), &mass);
        check(s,
              s == COLL_STATUS_OK &&
                  (isnan(mass.mass) || any_nan(mass.center_of_mass, 3) ||
                   any_nan(mass.inertia, 9) || any_nan(mass.principal_moments, 3) ||
                   any_nan(mass.principal_axes, 4)),
              "coll_mass_properties", round);
        coll_shape_destroy(a);
        coll_shape_destroy(b);
    }
    batch_rounds();
    /* A shape rounded ten thousand times stays one level deep (nested, every copy
     * walked the chain: a stack overflow), and its margins add. */
    CollShape *s = NULL;
    coll_ball_create(1.0, &s);
    for (int k = 0; k < 10000 && s != NULL; ++k) {
        CollShape *next = NULL;
        coll_rounded_create(s, 1e-4, &next);
        coll_shape_destroy(s);
        s = next;
    }
    CollShape *unit = NULL;
    coll_ball_create(1.0, &unit);
    CollPose at0 = {{0, 0, 0, 1}, {0, 0, 0}}, at10 = {{0, 0, 0, 1}, {10, 0, 0}};
    CollDistance far;
    CollStatus status = coll_distance(s, &at0, unit, &at10, &far);
    if (status != COLL_STATUS_OK || fabs(far.distance - 7.0) > 1e-9) {
        printf("FAIL: a ball rounded 10,000 times by 1e-4: status %d, distance %.17g, not 7\n",
               (int)status, far.distance);
        ++failed;
    } else {
        ++passed;
    }
    coll_shape_destroy(s);
    coll_shape_destroy(unit);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
