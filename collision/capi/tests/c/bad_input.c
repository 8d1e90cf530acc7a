/*
 * Bad input through the C ABI: every pointer argument null in turn (the batch calls'
 * array arguments aside, which the Rust tests cover), NaN in every
 * numeric argument in turn, zero and non-unit quaternions, negative sizes, wrong
 * counts, destroyed handles used again, and user callbacks that answer NaN or nothing.
 * Each call must return its status code with a non-empty message (one names the call
 * and the argument), and
 * nothing may crash; the test runs this under AddressSanitizer and
 * UndefinedBehaviorSanitizer. Prints "N passed, N failed" and exits non-zero on any
 * failure.
 */
#include "collision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int passed = 0, failed = 0;

/* Checks that `got` is `want` and that a failing call left a message. */
static void expect(CollStatus got, CollStatus want, const char *what, int line) {
    const char *message = coll_last_error_message();
    if (got != want) {
        printf("FAIL line %d: %s returned %d, expected %d (%s)\n", line, what, (int)got,
               (int)want, message);
        ++failed;
    } else if (want != COLL_STATUS_OK && (message == NULL || message[0] == '\0')) {
        printf("FAIL line %d: %s left no message\n", line, what);
        ++failed;
    } else {
        ++passed;
    }
}

#define EXPECT(call, want) expect((call), (want), #call, __LINE__)

static void nan_support(void *user, const double *dir, double *out) {
    (void)user;
    (void)dir;
    out[0] = 0.0;
    out[1] = NAN;
    out[2] = 0.0;
}

static void silent_support(void *user, const double *dir, double *out) {
    (void)user;
    (void)dir;
    (void)out;
}

static void ball_support(void *user, const double *dir, double *out) {
    (void)user;
    double n = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
    for (int k = 0; k < 3; ++k) out[k] = n > 0.0 ? dir[k] / n : 0.0;
}

/* Every pair query with one pose component replaced by `value`; all must give `want`. */
static void poisoned_poses(const CollShape *a, const CollShape *b, double value,
                           CollStatus want) {
    for (int which = 0; which < 2; ++which) {
        for (int k = 0; k < 7; ++k) {
            CollPose poses[2] = {{.orientation = {0, 0, 0, 1}, .position = {0, 0, 0}},
                                  {.orientation = {0, 0, 0, 1}, .position = {3, 0, 0}}};
            if (k < 3) {
                poses[which].position[k] = value;
            } else {
                poses[which].orientation[k - 3] = value;
            }
            bool hit;
            CollDistance d;
            CollClosestPoints c;
            CollContact contact;
            CollRayHit ray;
            const double origin[3] = {-5, 0, 0}, dir[3] = {1, 0, 0};
            EXPECT(coll_intersects(a, &poses[0], b, &poses[1], &hit), want);
            EXPECT(coll_distance(a, &poses[0], b, &poses[1], &d), want);
            EXPECT(coll_closest_points(a, &poses[0], b, &poses[1], NULL, &c), want);
            EXPECT(coll_contact(a, &poses[0], b, &poses[1], 0.1, NULL, &contact), want);
            EXPECT(coll_ray_cast(a, &poses[which], origin, dir, 10.0, &ray), want);
            CollMotion motions[2] = {{poses[0], {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
                                     {poses[1], {-1, 0, 0}, {0, 0, 0}, {0, 0, 0}}};
            CollImpact impact;
            EXPECT(coll_time_of_impact(a, &motions[0], b, &motions[1], 5.0, &impact), want);
        }
    }
}

/* The point-taking constructors with each point argument replaced in turn by `bad` (NULL,
 * or a point with a NaN coordinate); all must give `want`. */
static void bad_point_arguments(const double *bad, CollStatus want) {
    const double p[3] = {0, 0, 0}, q[3] = {1, 0, 0}, r[3] = {0, 1, 0};
    CollShape *s = NULL;
    EXPECT(coll_segment_create(bad, q, &s), want);
    EXPECT(coll_segment_create(p, bad, &s), want);
    EXPECT(coll_triangle_create(bad, q, r, &s), want);
    EXPECT(coll_triangle_create(p, bad, r, &s), want);
    EXPECT(coll_triangle_create(p, q, bad, &s), want);
    EXPECT(coll_point_create(bad, &s), want);
}

/* coll_batch_distance on a valid scene (3 shapes with their poses, 4 pairs, room for 4
 * results) with one argument broken in turn: each array NULL, then the pose count and
 * the result count wrong. The call must refuse the arrays before any pair runs. */
static void broken_batch_arguments(const CollShape *const *shapes, const CollPose *poses,
                                   const uint32_t *pairs) {
    static const char *const broken[7] = {"NULL shapes",  "NULL poses",    "NULL pairs",
                                          "NULL results", "NULL statuses", "pose_count 2",
                                          "result_count 3"};
    CollDistance results[4];
    CollStatus statuses[4];
    for (int k = 0; k < 7; ++k) {
        CollStatus got = coll_batch_distance(
            k == 0 ? NULL : shapes, 3, k == 1 ? NULL : poses, k == 5 ? 2 : 3,
            k == 2 ? NULL : pairs, 4, k == 3 ? NULL : results, k == 4 ? NULL : statuses,
            k == 6 ? 3 : 4);
        expect(got, k < 5 ? COLL_STATUS_NULL_POINTER : COLL_STATUS_WRONG_COUNT, broken[k],
               __LINE__);
    }
}

static void shapes(void) {
    CollShape *s = NULL;
    const double p[3] = {0, 0, 0}, q[3] = {1, 0, 0}, r[3] = {0, 1, 0};
    /* Null outputs. */
    EXPECT(coll_ball_create(1.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_cuboid_create(p, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_capsule_create(1.0, 1.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_cylinder_create(1.0, 1.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_cone_create(1.0, 1.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_segment_create(p, q, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_triangle_create(p, q, r, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_point_create(p, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_create(p, 1, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_user_shape_create(ball_support, NULL, NULL, NULL), COLL_STATUS_NULL_POINTER);
    /* Null inputs, each in turn; the output is set to NULL on failure. */
    s = (CollShape *)&s;
    EXPECT(coll_cuboid_create(NULL, &s), COLL_STATUS_NULL_POINTER);
    if (s != NULL) {
        printf("FAIL: a failed create left *out non-null\n");
        ++failed;
    }
    bad_point_arguments(NULL, COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_create(NULL, 4, &s), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_user_shape_create(NULL, NULL, NULL, &s), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_rounded_create(NULL, 0.1, &s), COLL_STATUS_NULL_POINTER);
    /* NaN and infinity in every numeric argument, and negative sizes. */
    const double values[3] = {NAN, INFINITY, -1.0};
    const CollStatus wants[3] = {COLL_STATUS_NON_FINITE, COLL_STATUS_NON_FINITE,
                                 COLL_STATUS_INVALID_ARGUMENT};
    for (int v = 0; v < 3; ++v) {
        double x = values[v];
        CollStatus want = wants[v];
        EXPECT(coll_ball_create(x, &s), want);
        EXPECT(coll_capsule_create(x, 1.0, &s), want);
        EXPECT(coll_capsule_create(1.0, x, &s), want);
        EXPECT(coll_cylinder_create(x, 1.0, &s), want);
        EXPECT(coll_cylinder_create(1.0, x, &s), want);
        EXPECT(coll_cone_create(x, 1.0, &s), want);
        EXPECT(coll_cone_create(1.0, x, &s), want);
        for (int k = 0; k < 3; ++k) {
            double h[3] = {1, 1, 1};
            h[k] = x;
            EXPECT(coll_cuboid_create(h, &s), want);
        }
    }
    for (int k = 0; k < 3; ++k) {
        double bad[3] = {0, 0, 0};
        bad[k] = NAN;
        bad_point_arguments(bad, COLL_STATUS_NON_FINITE);
        EXPECT(coll_user_shape_create(ball_support, NULL, bad, &s), COLL_STATUS_NON_FINITE);
    }
    /* Hulls: no points, a NaN in each coordinate of each point. */
    double cloud[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    EXPECT(coll_hull_create(cloud, 0, &s), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_create(cloud, (size_t)-1, &s), COLL_STATUS_WRONG_COUNT);
    for (int k = 0; k < 12; ++k) {
        double keep = cloud[k];
        cloud[k] = NAN;
        EXPECT(coll_hull_create(cloud, 4, &s), COLL_STATUS_NON_FINITE);
        cloud[k] = keep;
    }
    /* Rounded: bad margins. */
    CollShape *ball;
    EXPECT(coll_ball_create(1.0, &ball), COLL_STATUS_OK);
    EXPECT(coll_rounded_create(ball, NAN, &s), COLL_STATUS_NON_FINITE);
    EXPECT(coll_rounded_create(ball, -0.5, &s), COLL_STATUS_INVALID_ARGUMENT);
    EXPECT(coll_rounded_create(ball, 0.5, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_shape_destroy(ball), COLL_STATUS_OK);
    EXPECT(coll_shape_destroy(NULL), COLL_STATUS_OK);
}

static void queries(void) {
    CollShape *a, *b, *user_nan, *user_silent;
    EXPECT(coll_ball_create(1.0, &a), COLL_STATUS_OK);
    const double h[3] = {0.5, 0.5, 0.5};
    EXPECT(coll_cuboid_create(h, &b), COLL_STATUS_OK);
    EXPECT(coll_user_shape_create(nan_support, NULL, NULL, &user_nan), COLL_STATUS_OK);
    EXPECT(coll_user_shape_create(silent_support, NULL, NULL, &user_silent), COLL_STATUS_OK);
    CollPose pa = {.orientation = {0, 0, 0, 1}, .position = {0, 0, 0}};
    CollPose pb = {.orientation = {0, 0, 0, 1}, .position = {3, 0, 0}};
    CollMotion ma = {pa, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    CollMotion mb = {pb, {-1, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    bool hit;
    CollDistance d;
    CollClosestPoints c;
    CollContact k;
    CollImpact i;
    CollRayHit ray;
    const double origin[3] = {-5, 0, 0}, dir[3] = {1, 0, 0};
    CollCache *cache;
    EXPECT(coll_cache_create(&cache), COLL_STATUS_OK);
    EXPECT(coll_cache_create(NULL), COLL_STATUS_NULL_POINTER);

    /* Every pointer argument null in turn. */
    EXPECT(coll_intersects(NULL, &pa, b, &pb, &hit), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_intersects(a, NULL, b, &pb, &hit), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_intersects(a, &pa, NULL, &pb, &hit), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_intersects(a, &pa, b, NULL, &hit), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_intersects(a, &pa, b, &pb, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_distance(NULL, &pa, b, &pb, &d), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_distance(a, NULL, b, &pb, &d), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_distance(a, &pa, NULL, &pb, &d), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_distance(a, &pa, b, NULL, &d), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_distance(a, &pa, b, &pb, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(NULL, &pa, b, &pb, cache, &c), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(a, NULL, b, &pb, cache, &c), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(a, &pa, NULL, &pb, cache, &c), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(a, &pa, b, NULL, cache, &c), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(a, &pa, b, &pb, cache, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_closest_points(a, &pa, b, &pb, NULL, &c), COLL_STATUS_OK); /* optional */
    EXPECT(coll_contact(NULL, &pa, b, &pb, 0.1, cache, &k), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_contact(a, NULL, b, &pb, 0.1, cache, &k), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_contact(a, &pa, NULL, &pb, 0.1, cache, &k), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_contact(a, &pa, b, NULL, 0.1, cache, &k), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_contact(a, &pa, b, &pb, 0.1, cache, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_time_of_impact(NULL, &ma, b, &mb, 5.0, &i), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_time_of_impact(a, NULL, b, &mb, 5.0, &i), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_time_of_impact(a, &ma, NULL, &mb, 5.0, &i), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_time_of_impact(a, &ma, b, NULL, 5.0, &i), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_time_of_impact(a, &ma, b, &mb, 5.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_ray_cast(NULL, &pa, origin, dir, 10.0, &ray), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_ray_cast(a, NULL, origin, dir, 10.0, &ray), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_ray_cast(a, &pa, NULL, dir, 10.0, &ray), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_ray_cast(a, &pa, origin, NULL, 10.0, &ray), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_ray_cast(a, &pa, origin, dir, 10.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_version(NULL), COLL_STATUS_NULL_POINTER);

    /* NaN and infinity in every pose component, zero and non-unit quaternions. */
    poisoned_poses(a, b, NAN, COLL_STATUS_NON_FINITE);
    poisoned_poses(a, b, INFINITY, COLL_STATUS_NON_FINITE);
    CollPose zero = {.orientation = {0, 0, 0, 0}, .position = {0, 0, 0}};
    CollPose long_q = {.orientation = {0, 0, 0, 1.01}, .position = {0, 0, 0}};
    CollPose near_unit = {.orientation = {0, 0, 0, 1.0005}, .position = {3, 0, 0}};
    EXPECT(coll_distance(a, &zero, b, &pb, &d), COLL_STATUS_INVALID_QUATERNION);
    EXPECT(coll_distance(a, &pa, b, &zero, &d), COLL_STATUS_INVALID_QUATERNION);
    EXPECT(coll_distance(a, &long_q, b, &pb, &d), COLL_STATUS_INVALID_QUATERNION);
    EXPECT(coll_distance(a, &pa, b, &near_unit, &d), COLL_STATUS_OK); /* normalized */

    /* NaN in the other numeric arguments. */
    EXPECT(coll_contact(a, &pa, b, &pb, NAN, NULL, &k), COLL_STATUS_NON_FINITE);
    EXPECT(coll_contact(a, &pa, b, &pb, -0.1, NULL, &k), COLL_STATUS_INVALID_ARGUMENT);
    EXPECT(coll_time_of_impact(a, &ma, b, &mb, NAN, &i), COLL_STATUS_NON_FINITE);
    EXPECT(coll_time_of_impact(a, &ma, b, &mb, -1.0, &i), COLL_STATUS_INVALID_ARGUMENT);
    for (int f = 0; f < 9; ++f) {
        CollMotion bad = mb;
        double *fields[3] = {bad.linear_velocity, bad.angular_velocity, bad.local_center};
        fields[f / 3][f % 3] = NAN;
        EXPECT(coll_time_of_impact(a, &ma, b, &bad, 5.0, &i), COLL_STATUS_NON_FINITE);
    }
    for (int f = 0; f < 3; ++f) {
        double bad_origin[3] = {-5, 0, 0}, bad_dir[3] = {1, 0, 0};
        bad_origin[f] = NAN;
        bad_dir[f] = INFINITY;
        EXPECT(coll_ray_cast(a, &pa, bad_origin, dir, 10.0, &ray), COLL_STATUS_NON_FINITE);
        EXPECT(coll_ray_cast(a, &pa, origin, bad_dir, 10.0, &ray), COLL_STATUS_NON_FINITE);
    }
    EXPECT(coll_ray_cast(a, &pa, origin, dir, NAN, &ray), COLL_STATUS_NON_FINITE);
    EXPECT(coll_ray_cast(a, &pa, origin, dir, -1.0, &ray), COLL_STATUS_INVALID_ARGUMENT);
    EXPECT(coll_ray_cast(a, &pa, origin, dir, INFINITY, &ray), COLL_STATUS_OK);

    /* User callbacks that write NaN or nothing: an error for the query, not a crash. */
    EXPECT(coll_distance(user_nan, &pa, b, &pb, &d), COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_distance(a, &pa, user_silent, &pb, &d), COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_intersects(user_nan, &pa, b, &pb, &hit), COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_closest_points(user_nan, &pa, b, &pb, cache, &c),
           COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_contact(user_nan, &pa, b, &pb, 0.1, NULL, &k), COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_time_of_impact(user_nan, &ma, b, &mb, 5.0, &i),
           COLL_STATUS_CALLBACK_NON_FINITE);
    EXPECT(coll_ray_cast(user_silent, &pa, origin, dir, 10.0, &ray),
           COLL_STATUS_CALLBACK_NON_FINITE);

    /* Mass properties: bad densities, shapes without volume, user shapes. */
    CollMassProperties m;
    CollShape *seg;
    const double p0[3] = {0, 0, 0}, p1[3] = {1, 0, 0};
    EXPECT(coll_segment_create(p0, p1, &seg), COLL_STATUS_OK);
    EXPECT(coll_mass_properties(a, NAN, &m), COLL_STATUS_NON_FINITE);
    EXPECT(coll_mass_properties(a, 0.0, &m), COLL_STATUS_INVALID_ARGUMENT);
    EXPECT(coll_mass_properties(a, -1.0, &m), COLL_STATUS_INVALID_ARGUMENT);
    EXPECT(coll_mass_properties(NULL, 1.0, &m), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_mass_properties(a, 1.0, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_mass_properties(seg, 1.0, &m), COLL_STATUS_UNSUPPORTED);
    EXPECT(coll_mass_properties(user_nan, 1.0, &m), COLL_STATUS_UNSUPPORTED);
    EXPECT(coll_shape_destroy(seg), COLL_STATUS_OK);

    /* Hull read-back: sizes first, short arrays, non-hulls, null arrays. */
    double cube[24];
    for (int v = 0; v < 8; ++v) {
        for (int k = 0; k < 3; ++k) cube[3 * v + k] = (v >> k) & 1 ? 1.0 : -1.0;
    }
    CollShape *hull;
    EXPECT(coll_hull_create(cube, 8, &hull), COLL_STATUS_OK);
    CollHullSizes sizes;
    EXPECT(coll_hull_sizes(hull, NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_sizes(NULL, &sizes), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_sizes(a, &sizes), COLL_STATUS_UNSUPPORTED);
    EXPECT(coll_hull_sizes(hull, &sizes), COLL_STATUS_OK);
    double xyz[24], planes[24];
    uint32_t tris[36], offsets[7], indices[24];
    EXPECT(coll_hull_vertices(hull, xyz, 7), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_vertices(hull, NULL, 8), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_vertices(hull, xyz, 8), COLL_STATUS_OK);
    EXPECT(coll_hull_triangles(hull, tris, 11), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_triangles(hull, NULL, 12), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_triangles(hull, tris, 12), COLL_STATUS_OK);
    EXPECT(coll_hull_faces(hull, offsets, 6, indices, 24), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_faces(hull, offsets, 7, indices, 23), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_faces(hull, NULL, 7, indices, 24), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_faces(hull, offsets, 7, NULL, 24), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_faces(hull, offsets, 7, indices, 24), COLL_STATUS_OK);
    EXPECT(coll_hull_planes(hull, planes, 5), COLL_STATUS_WRONG_COUNT);
    EXPECT(coll_hull_planes(hull, NULL, 6), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_hull_planes(hull, planes, 6), COLL_STATUS_OK);
    EXPECT(coll_hull_planes(a, planes, 6), COLL_STATUS_UNSUPPORTED);

    /* Destroyed handles used again, destroyed twice, and a handle of the wrong kind. */
    EXPECT(coll_shape_destroy(hull), COLL_STATUS_OK);
    EXPECT(coll_hull_sizes(hull, &sizes), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_distance(hull, &pa, b, &pb, &d), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_shape_destroy(hull), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_closest_points(a, &pa, b, &pb, (CollCache *)a, &c), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_shape_destroy((CollShape *)cache), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_cache_clear(cache), COLL_STATUS_OK);
    EXPECT(coll_cache_clear(NULL), COLL_STATUS_NULL_POINTER);
    EXPECT(coll_cache_destroy(cache), COLL_STATUS_OK);
    EXPECT(coll_contact(a, &pa, b, &pb, 0.1, cache, &k), COLL_STATUS_INVALID_HANDLE);
    EXPECT(coll_cache_destroy(cache), COLL_STATUS_INVALID_HANDLE);

    /* Batches: null arrays, counts that disagree, and per-pair statuses. */
    const CollShape *scene[3] = {a, b, NULL};
    CollPose scene_poses[3] = {pa, pb, pb};
    const uint32_t scene_pairs[8] = {0, 1, 0, 2, 1, 7, 0, 1};
    CollDistance results[4];
    CollStatus statuses[4];
    bool hits[4];
    CollContact contacts[4];
    broken_batch_arguments(scene, scene_poses, scene_pairs);
    EXPECT(coll_batch_contact(scene, 3, scene_poses, 3, scene_pairs, 4, NAN, contacts, statuses,
                              4),
           COLL_STATUS_NON_FINITE);
    scene_poses[1].orientation[3] = NAN;
    EXPECT(coll_batch_intersects(scene, 3, scene_poses, 3, scene_pairs, 4, hits, statuses, 4),
           COLL_STATUS_OK);
    EXPECT(statuses[0], COLL_STATUS_NON_FINITE);    /* pose 1 */
    EXPECT(statuses[1], COLL_STATUS_NULL_POINTER);  /* shape 2 */
    EXPECT(statuses[2], COLL_STATUS_INVALID_ARGUMENT); /* index 7 */
    scene_poses[1].orientation[3] = 1.0;
    EXPECT(coll_batch_distance(scene, 3, scene_poses, 3, scene_pairs, 4, results, statuses, 4),
           COLL_STATUS_OK);
    EXPECT(statuses[3], COLL_STATUS_OK);
    if (results[3].distance != 1.5) {
        printf("FAIL: batch distance %.17g, expected 1.5\n", results[3].distance);
        ++failed;
    }

    CollShape *all[] = {a, b, user_nan, user_silent};
    for (int s = 0; s < 4; ++s) EXPECT(coll_shape_destroy(all[s]), COLL_STATUS_OK);
    /* The message names the call and the argument. */
    coll_ball_create(-2.0, NULL);
    const char *message = coll_last_error_message();
    if (strstr(message, "coll_ball_create") == NULL || strstr(message, "out") == NULL) {
        printf("FAIL: message \"%s\" does not name the call and argument\n", message);
        ++failed;
    }
}

int main(void) {
    shapes();
    queries();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
