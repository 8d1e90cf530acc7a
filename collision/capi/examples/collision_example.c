/*
 * collision_example.c: builds shapes through the C ABI, runs every query and prints
 * the answers, one line each: a name, then numbers (doubles printed with %.17g, so
 * that they read back exactly).
 *
 * Build and run (after `cargo build --release -p collision-capi`):
 *
 *   cc -std=c99 -Wall -Wextra -Icollision/capi/include \
 *      collision/capi/examples/collision_example.c \
 *      -Ltarget/release -lcollision_capi -Wl,-rpath,target/release -o collision_example
 *   ./collision_example
 *
 * With a file argument it also reads hull pairs from it and prints, for each, the
 * answers of the built-in hulls and of user shapes (support callbacks) of the same
 * points; the tests (collision/capi/tests/c_example.rs) write such a file and check
 * every number against the Rust API. File format, whitespace separated: the pair
 * count, then per pair `na nb`, na points, nb points (x y z each), pose_a and pose_b
 * (px py pz qx qy qz qw each).
 */
#include "collision.h"

#include <stdio.h>
#include <stdlib.h>

/* Exits with the library's message when a call fails (NOT_CONVERGED is an answer). */
static CollStatus check(CollStatus status, const char *what) {
    if (status != COLL_STATUS_OK && status != COLL_STATUS_NOT_CONVERGED) {
        fprintf(stderr, "%s failed with status %d: %s\n", what, (int)status,
                coll_last_error_message());
        exit(1);
    }
    return status;
}

static void print3(const double v[3]) { printf(" %.17g %.17g %.17g", v[0], v[1], v[2]); }

static CollPose pose_at(double x, double y, double z) {
    CollPose pose = {.orientation = {0.0, 0.0, 0.0, 1.0}, .position = {x, y, z}};
    return pose;
}

/* Every pair query on `a` at `pa` and `b` at `pb`, one line each, named `name`. */
static void pair_queries(const char *name, const CollShape *a, const CollPose *pa,
                         const CollShape *b, const CollPose *pb, double margin) {
    bool hit = false;
    CollStatus s = check(coll_intersects(a, pa, b, pb, &hit), "coll_intersects");
    printf("%s.intersects %d %d\n", name, (int)s, (int)hit);

    CollDistance d;
    s = check(coll_distance(a, pa, b, pb, &d), "coll_distance");
    printf("%s.distance %d %.17g %.17g\n", name, (int)s, d.distance, d.lower_bound);

    CollClosestPoints c;
    s = check(coll_closest_points(a, pa, b, pb, NULL, &c), "coll_closest_points");
    printf("%s.closest %d %d %.17g %.17g", name, (int)s, (int)c.separated, c.distance,
           c.lower_bound);
    print3(c.point_a);
    print3(c.point_b);
    print3(c.normal);
    printf("\n");

    CollContact k;
    s = check(coll_contact(a, pa, b, pb, margin, NULL, &k), "coll_contact");
    printf("%s.contact %d %d %.17g %.17g", name, (int)s, (int)k.in_range, k.separation,
           k.depth);
    print3(k.point_a);
    print3(k.point_b);
    print3(k.normal);
    printf(" %d %d\n", (int)k.exactness, (int)k.method);
}

/* Time of impact of `a` at rest at `pa` and `b` moving from `pb` towards `pa` (and
 * spinning about y), and a ray from `pb`'s position to `pa`'s against `a`. */
static void motion_queries(const char *name, const CollShape *a, const CollPose *pa,
                           const CollShape *b, const CollPose *pb) {
    CollMotion ma = {*pa, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    CollMotion mb = {*pb, {0, 0, 0}, {0, 1.5, 0}, {0, 0, 0}};
    double dir[3];
    for (int k = 0; k < 3; ++k) {
        dir[k] = pa->position[k] - pb->position[k];
        mb.linear_velocity[k] = dir[k];
    }
    CollImpact i;
    CollStatus s = check(coll_time_of_impact(a, &ma, b, &mb, 1.0, &i), "coll_time_of_impact");
    printf("%s.toi %d %d %.17g %.17g", name, (int)s, (int)i.hit, i.time, i.separation);
    print3(i.point_a);
    print3(i.point_b);
    print3(i.normal);
    printf("\n");

    CollRayHit r;
    s = check(coll_ray_cast(a, pa, pb->position, dir, 1.0, &r), "coll_ray_cast");
    printf("%s.ray %d %d %.17g", name, (int)s, (int)r.hit, r.toi);
    print3(r.point);
    print3(r.normal);
    printf("\n");
}

/* A user shape's data: the points whose hull it is. */
typedef struct Cloud {
    const double *xyz;
    size_t count;
} Cloud;

/* Support callback of a point cloud: the point farthest along `dir`. */
static void cloud_support(void *user, const double *dir, double *out) {
    const Cloud *cloud = (const Cloud *)user;
    size_t best = 0;
    double best_dot = -1e300;
    for (size_t i = 0; i < cloud->count; ++i) {
        const double *p = cloud->xyz + 3 * i;
        double dot = p[0] * dir[0] + p[1] * dir[1] + p[2] * dir[2];
        if (dot > best_dot) {
            best_dot = dot;
            best = i;
        }
    }
    for (int k = 0; k < 3; ++k) out[k] = cloud->xyz[3 * best + k];
}

/* Support callback of the box with half-extents `*(const double (*)[3])user`. */
static void box_support(void *user, const double *dir, double *out) {
    const double *h = (const double *)user;
    for (int k = 0; k < 3; ++k) out[k] = dir[k] < 0.0 ? -h[k] : h[k];
}

static void demo(void) {
    CollVersion version;
    check(coll_version(&version), "coll_version");
    printf("version %u %u %u %u\n", version.major, version.minor, version.patch, version.abi);

    /* Ball-ball: radii 1 and 0.5, centres 3 apart: distance 1.5. */
    CollShape *ball1, *ball_half;
    check(coll_ball_create(1.0, &ball1), "coll_ball_create");
    check(coll_ball_create(0.5, &ball_half), "coll_ball_create");
    CollPose origin = pose_at(0, 0, 0), at3 = pose_at(3, 0, 0);
    pair_queries("balls", ball1, &origin, ball_half, &at3, 2.0);
    /* Overlapping balls: centres 1.2 apart, depth 0.3. */
    CollPose at12 = pose_at(1.2, 0, 0);
    pair_queries("balls_deep", ball1, &origin, ball_half, &at12, 0.0);

    /* Box-box: unit cube and a cube of half-extent 0.5 at x = 2 (gap 0.5), and at
     * x = 1.25 (depth 0.25). */
    const double unit[3] = {1, 1, 1}, half[3] = {0.5, 0.5, 0.5};
    CollShape *cube, *small;
    check(coll_cuboid_create(unit, &cube), "coll_cuboid_create");
    check(coll_cuboid_create(half, &small), "coll_cuboid_create");
    CollPose at2 = pose_at(2, 0.3, 0), at125 = pose_at(1.25, 0.1, 0);
    pair_queries("boxes", cube, &origin, small, &at2, 1.0);
    pair_queries("boxes_deep", cube, &origin, small, &at125, 0.0);

    /* A batch: both separated pairs in one call (on all cores with `parallel`). */
    const CollShape *scene[4] = {ball1, ball_half, cube, small};
    const CollPose scene_poses[4] = {origin, at3, origin, at2};
    const uint32_t scene_pairs[4] = {0, 1, 2, 3};
    CollDistance batch[2];
    CollStatus batch_status[2];
    check(coll_batch_distance(scene, 4, scene_poses, 4, scene_pairs, 2, batch, batch_status, 2),
          "coll_batch_distance");
    printf("batch.distance %d %.17g %d %.17g\n", (int)batch_status[0], batch[0].distance,
           (int)batch_status[1], batch[1].distance);

    /* Time of impact: ball 0.5 from x = 5 towards the unit ball at speed 1: t = 3.5. */
    CollMotion still = {origin, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    CollMotion moving = {pose_at(5, 0, 0), {-1, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    CollImpact impact;
    check(coll_time_of_impact(ball1, &still, ball_half, &moving, 10.0, &impact), "toi");
    printf("balls.toi %d %.17g %.17g", (int)impact.hit, impact.time, impact.separation);
    print3(impact.normal);
    printf("\n");

    /* Ray from (-5, 0, 0) along +x against the unit cube: toi 4 at (-1, 0, 0). */
    const double ray_origin[3] = {-5, 0, 0}, ray_dir[3] = {1, 0, 0};
    CollRayHit ray;
    check(coll_ray_cast(cube, &origin, ray_origin, ray_dir, 100.0, &ray), "coll_ray_cast");
    printf("cube.ray %d %.17g", (int)ray.hit, ray.toi);
    print3(ray.point);
    print3(ray.normal);
    printf("\n");

    /* Mass properties of the 2 x 4 x 6 box of density 1: mass 48, diag(208, 160, 80). */
    const double box123[3] = {1, 2, 3};
    CollShape *brick;
    check(coll_cuboid_create(box123, &brick), "coll_cuboid_create");
    CollMassProperties mass;
    check(coll_mass_properties(brick, 1.0, &mass), "coll_mass_properties");
    printf("brick.mass %.17g", mass.mass);
    print3(mass.center_of_mass);
    for (int k = 0; k < 9; ++k) printf(" %.17g", mass.inertia[k]);
    print3(mass.principal_moments);
    printf("\n");

    /* The hull of a cube's corners and its centre: 8 vertices, 12 triangles, 6 faces. */
    double corners[27];
    for (int i = 0; i < 8; ++i) {
        corners[3 * i + 0] = (i & 1) ? 1 : -1;
        corners[3 * i + 1] = (i & 2) ? 1 : -1;
        corners[3 * i + 2] = (i & 4) ? 1 : -1;
    }
    corners[24] = corners[25] = corners[26] = 0.0;
    CollShape *hull;
    check(coll_hull_create(corners, 9, &hull), "coll_hull_create");
    CollHullSizes sizes;
    check(coll_hull_sizes(hull, &sizes), "coll_hull_sizes");
    printf("hull.sizes %d %zu %zu %zu %zu\n", (int)sizes.kind, sizes.vertex_count,
           sizes.triangle_count, sizes.face_count, sizes.face_index_count);
    double *vertices = malloc(3 * sizes.vertex_count * sizeof(double));
    uint32_t *triangles = malloc(3 * sizes.triangle_count * sizeof(uint32_t));
    uint32_t *offsets = malloc((sizes.face_count + 1) * sizeof(uint32_t));
    uint32_t *indices = malloc(sizes.face_index_count * sizeof(uint32_t));
    double *planes = malloc(4 * sizes.face_count * sizeof(double));
    check(coll_hull_vertices(hull, vertices, sizes.vertex_count), "coll_hull_vertices");
    check(coll_hull_triangles(hull, triangles, sizes.triangle_count), "coll_hull_triangles");
    check(coll_hull_faces(hull, offsets, sizes.face_count + 1, indices, sizes.face_index_count),
          "coll_hull_faces");
    check(coll_hull_planes(hull, planes, sizes.face_count), "coll_hull_planes");
    printf("hull.planes");
    for (size_t f = 0; f < sizes.face_count; ++f) {
        printf(" %.17g %.17g %.17g %.17g", planes[4 * f], planes[4 * f + 1], planes[4 * f + 2],
               planes[4 * f + 3]);
    }
    printf("\nhull.face_sizes");
    for (size_t f = 0; f < sizes.face_count; ++f) printf(" %u", offsets[f + 1] - offsets[f]);
    printf("\n");
    CollMassProperties hull_mass;
    check(coll_mass_properties(hull, 1.0, &hull_mass), "coll_mass_properties");
    printf("hull.mass %.17g\n", hull_mass.mass);
    free(vertices);
    free(triangles);
    free(offsets);
    free(indices);
    free(planes);

    /* Every other shape kind against the unit ball 3 away along x. */
    const double a[3] = {0, -1, 0}, b[3] = {0, 1, 0}, c[3] = {1, 0, 0};
    CollShape *kinds[8];
    const char *names[8] = {"capsule", "cylinder", "cone",    "segment",
                            "triangle", "point",   "rounded", "user_box"};
    check(coll_capsule_create(1.0, 0.5, &kinds[0]), "coll_capsule_create");
    check(coll_cylinder_create(1.0, 0.5, &kinds[1]), "coll_cylinder_create");
    check(coll_cone_create(1.0, 0.5, &kinds[2]), "coll_cone_create");
    check(coll_segment_create(a, b, &kinds[3]), "coll_segment_create");
    check(coll_triangle_create(a, b, c, &kinds[4]), "coll_triangle_create");
    check(coll_point_create(c, &kinds[5]), "coll_point_create");
    check(coll_rounded_create(small, 0.25, &kinds[6]), "coll_rounded_create");
    double box_half[3] = {0.5, 0.5, 0.5};
    const double box_center[3] = {0, 0, 0};
    check(coll_user_shape_create(box_support, box_half, box_center, &kinds[7]),
          "coll_user_shape_create");
    for (int k = 0; k < 8; ++k) {
        CollDistance kd;
        check(coll_distance(kinds[k], &at3, ball1, &origin, &kd), "coll_distance");
        printf("%s.distance %.17g\n", names[k], kd.distance);
    }

    /* A warm-started pair: the same query twice with a cache. */
    CollCache *cache;
    check(coll_cache_create(&cache), "coll_cache_create");
    CollClosestPoints warm;
    for (int k = 0; k < 2; ++k) {
        check(coll_closest_points(cube, &origin, small, &at2, cache, &warm), "warm");
        printf("boxes.warm %d %.17g\n", k, warm.distance);
    }
    check(coll_cache_destroy(cache), "coll_cache_destroy");

    for (int k = 0; k < 8; ++k) check(coll_shape_destroy(kinds[k]), "coll_shape_destroy");
    CollShape *all[] = {ball1, ball_half, cube, small, brick, hull};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; ++k) {
        check(coll_shape_destroy(all[k]), "coll_shape_destroy");
    }
}

static double read_double(FILE *f) {
    double x;
    if (fscanf(f, "%lf", &x) != 1) {
        fprintf(stderr, "bad pairs file\n");
        exit(1);
    }
    return x;
}

static void read_pose(FILE *f, CollPose *pose) {
    for (int k = 0; k < 3; ++k) pose->position[k] = read_double(f);
    for (int k = 0; k < 4; ++k) pose->orientation[k] = read_double(f);
}

/* The hull pairs of `path`: built-in hulls, then user shapes of the same points. */
static void pairs(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    int n = (int)read_double(f);
    for (int i = 0; i < n; ++i) {
        size_t count[2];
        count[0] = (size_t)read_double(f);
        count[1] = (size_t)read_double(f);
        double *xyz[2];
        CollShape *hulls[2], *users[2];
        Cloud clouds[2];
        for (int s = 0; s < 2; ++s) {
            xyz[s] = malloc(3 * count[s] * sizeof(double));
            double center[3] = {0, 0, 0};
            for (size_t j = 0; j < 3 * count[s]; ++j) {
                xyz[s][j] = read_double(f);
                center[j % 3] += xyz[s][j] / (double)count[s];
            }
            check(coll_hull_create(xyz[s], count[s], &hulls[s]), "coll_hull_create");
            clouds[s].xyz = xyz[s];
            clouds[s].count = count[s];
            check(coll_user_shape_create(cloud_support, &clouds[s], center, &users[s]),
                  "coll_user_shape_create");
        }
        CollPose pa, pb;
        read_pose(f, &pa);
        read_pose(f, &pb);
        char name[64];
        snprintf(name, sizeof name, "pair%d", i);
        pair_queries(name, hulls[0], &pa, hulls[1], &pb, 0.1);
        motion_queries(name, hulls[0], &pa, hulls[1], &pb);
        snprintf(name, sizeof name, "user%d", i);
        pair_queries(name, users[0], &pa, users[1], &pb, 0.1);
        for (int s = 0; s < 2; ++s) {
            check(coll_shape_destroy(hulls[s]), "coll_shape_destroy");
            check(coll_shape_destroy(users[s]), "coll_shape_destroy");
            free(xyz[s]);
        }
    }
    fclose(f);
}

int main(int argc, char **argv) {
    demo();
    if (argc > 1) pairs(argv[1]);
    return 0;
}
