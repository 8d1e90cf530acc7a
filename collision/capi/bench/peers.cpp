// Times the C ABI against libccd, FCL and Bullet's GJK-EPA (Debian's libccd-dev,
// libfcl-dev and libbullet-dev, Bullet in double precision) on the same seeded hull pairs (hulls of 16, 64 and 1,000 points on a unit sphere, 64 pairs
// each, randomly placed: a quarter to a half of them overlap), and checks that their
// answers agree with ours. Not part of the test suite; built and run, with the Rust overhead bench, by
//
//   bash collision/capi/bench/run.sh [seconds per row]
//
// Every library gets the same hull: ours from the points, libccd a support function
// scanning the hull's vertices (as read back through coll_hull_vertices), FCL a
// Convex<double> of those vertices and the merged faces from coll_hull_faces, Bullet a
// btConvexHullShape of those vertices with no margin.
#include "collision.h"

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <ccd/ccd.h>
#include <fcl/fcl.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Lcg {
    uint64_t state;
    double next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53);
    }
    double range(double lo, double hi) { return lo + (hi - lo) * next(); }
};

// One posed hull, as each library wants it.
struct Body {
    CollShape *ours = nullptr;
    CollPose pose{};
    std::vector<double> vertices;  // local frame, xyz
    double rotation[9]{};          // row-major, local to world
    double center[3]{};            // world: the pose applied to the vertex mean
    std::shared_ptr<fcl::CollisionObjectd> fcl;
    std::shared_ptr<btConvexHullShape> bullet;
    btTransform bullet_pose;
};

void rotation_matrix(const double q[4], double r[9]) {
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y - z * w);     r[2] = 2 * (x * z + y * w);
    r[3] = 2 * (x * y + z * w);     r[4] = 1 - 2 * (x * x + z * z); r[5] = 2 * (y * z - x * w);
    r[6] = 2 * (x * z - y * w);     r[7] = 2 * (y * z + x * w);     r[8] = 1 - 2 * (x * x + y * y);
}

// libccd's support function: the hull vertex farthest along the world direction.
void ccd_support(const void *object, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const Body *b = static_cast<const Body *>(object);
    const double *r = b->rotation;
    const double *d = dir->v;
    const double local[3] = {r[0] * d[0] + r[3] * d[1] + r[6] * d[2],
                             r[1] * d[0] + r[4] * d[1] + r[7] * d[2],
                             r[2] * d[0] + r[5] * d[1] + r[8] * d[2]};
    size_t best = 0;
    double best_dot = -INFINITY;
    for (size_t i = 0; i < b->vertices.size(); i += 3) {
        const double dot = b->vertices[i] * local[0] + b->vertices[i + 1] * local[1] +
                           b->vertices[i + 2] * local[2];
        if (dot > best_dot) {
            best_dot = dot;
            best = i;
        }
    }
    const double *v = &b->vertices[best];
    for (int k = 0; k < 3; ++k) {
        out->v[k] = r[3 * k] * v[0] + r[3 * k + 1] * v[1] + r[3 * k + 2] * v[2] +
                    b->pose.position[k];
    }
}

void ccd_center(const void *object, ccd_vec3_t *out) {
    const Body *b = static_cast<const Body *>(object);
    for (int k = 0; k < 3; ++k) out->v[k] = b->center[k];
}

Body make_body(Lcg &rng, int points) {
    Body b;
    std::vector<double> xyz;
    for (int i = 0; i < points; ++i) {
        double v[3] = {rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)};
        const double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (double c : v) xyz.push_back(c / n);
    }
    double q[4] = {rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1), 1.0};
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double &c : q) c /= n;
    const double x = rng.range(-1.6, 1.6), y = rng.range(-1.6, 1.6), z = rng.range(-1.6, 1.6);
    b.pose = CollPose{{q[0], q[1], q[2], q[3]}, {x, y, z}};
    rotation_matrix(q, b.rotation);
    if (coll_hull_create(xyz.data(), xyz.size() / 3, &b.ours) != COLL_STATUS_OK) {
        std::fprintf(stderr, "hull: %s\n", coll_last_error_message());
        std::exit(1);
    }
    CollHullSizes sizes;
    coll_hull_sizes(b.ours, &sizes);
    b.vertices.resize(3 * sizes.vertex_count);
    coll_hull_vertices(b.ours, b.vertices.data(), sizes.vertex_count);
    std::vector<uint32_t> offsets(sizes.face_count + 1), indices(sizes.face_index_count);
    coll_hull_faces(b.ours, offsets.data(), offsets.size(), indices.data(), indices.size());

    double mean[3] = {0, 0, 0};
    auto verts = std::make_shared<std::vector<fcl::Vector3d>>();
    for (size_t i = 0; i < b.vertices.size(); i += 3) {
        verts->emplace_back(b.vertices[i], b.vertices[i + 1], b.vertices[i + 2]);
        for (int k = 0; k < 3; ++k) mean[k] += b.vertices[i + k] / sizes.vertex_count;
    }
    for (int k = 0; k < 3; ++k) {
        b.center[k] = b.rotation[3 * k] * mean[0] + b.rotation[3 * k + 1] * mean[1] +
                      b.rotation[3 * k + 2] * mean[2] + b.pose.position[k];
    }
    auto faces = std::make_shared<std::vector<int>>();
    for (size_t f = 0; f < sizes.face_count; ++f) {
        faces->push_back(static_cast<int>(offsets[f + 1] - offsets[f]));
        for (uint32_t i = offsets[f]; i < offsets[f + 1]; ++i) faces->push_back(indices[i]);
    }
    auto convex = std::make_shared<fcl::Convexd>(verts, static_cast<int>(sizes.face_count), faces);
    convex->computeLocalAABB();
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    tf.linear() = fcl::Quaterniond(q[3], q[0], q[1], q[2]).toRotationMatrix();
    tf.translation() = fcl::Vector3d(b.pose.position[0], b.pose.position[1], b.pose.position[2]);
    b.fcl = std::make_shared<fcl::CollisionObjectd>(convex, tf);

    b.bullet = std::make_shared<btConvexHullShape>();
    for (size_t i = 0; i < b.vertices.size(); i += 3) {
        b.bullet->addPoint(btVector3(b.vertices[i], b.vertices[i + 1], b.vertices[i + 2]), false);
    }
    b.bullet->recalcLocalAabb();
    b.bullet->setMargin(0.0);
    b.bullet_pose = btTransform(btQuaternion(q[0], q[1], q[2], q[3]),
                                btVector3(b.pose.position[0], b.pose.position[1], b.pose.position[2]));
    return b;
}

// Nanoseconds per call of `f(pair index)` over the pairs, repeated for about `seconds`.
double time_ns(size_t pairs, double seconds, const std::function<void(size_t)> &f) {
    using clock = std::chrono::steady_clock;
    size_t calls = 0;
    const auto start = clock::now();
    double elapsed = 0;
    do {
        for (size_t k = 0; k < pairs; ++k) f(k);
        calls += pairs;
        elapsed = std::chrono::duration<double>(clock::now() - start).count();
    } while (elapsed < seconds);
    return 1e9 * elapsed / static_cast<double>(calls);
}

volatile double sink;

}  // namespace

int main(int argc, char **argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 0.3;
    std::printf("%-8s %-34s %10s  %s\n", "hull", "query", "ns/query", "agreement with ours");
    for (int points : {16, 64, 1000}) {
        Lcg rng{1000ULL + static_cast<uint64_t>(points)};
        const size_t n = 64;
        std::vector<Body> a, b;
        for (size_t k = 0; k < n; ++k) {
            a.push_back(make_body(rng, points));
            b.push_back(make_body(rng, points));
        }
        // Our answers, the reference for the agreement columns.
        std::vector<bool> hit(n);
        std::vector<double> dist(n), depth(n);
        for (size_t k = 0; k < n; ++k) {
            bool h = false;
            CollDistance d;
            CollContact c;
            coll_intersects(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, &h);
            coll_distance(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, &d);
            coll_contact(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, 0.0, nullptr, &c);
            hit[k] = h;
            dist[k] = d.distance;
            depth[k] = c.in_range ? c.depth : 0.0;
        }
        size_t overlapping = 0;
        for (bool h : hit) overlapping += h;
        const std::string name = "hull" + std::to_string(points);
        auto row = [&](const char *query, double ns, const std::string &agreement) {
            std::printf("%-8s %-34s %10.0f  %s\n", name.c_str(), query, ns, agreement.c_str());
        };
        std::printf("%-8s (%zu of %zu pairs overlap)\n", name.c_str(), overlapping, n);

        row("ours coll_intersects", time_ns(n, seconds, [&](size_t k) {
                bool h;
                coll_intersects(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, &h);
                sink = h;
            }), "-");
        row("ours coll_distance", time_ns(n, seconds, [&](size_t k) {
                CollDistance d;
                coll_distance(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, &d);
                sink = d.distance;
            }), "-");
        row("ours coll_contact (EPA depth)", time_ns(n, seconds, [&](size_t k) {
                CollContact c;
                coll_contact(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, 0.0, nullptr, &c);
                sink = c.separation;
            }), "-");
        // The overlapping pairs alone, where every contact runs EPA.
        std::vector<size_t> deep;
        for (size_t k = 0; k < n; ++k) {
            if (hit[k]) deep.push_back(k);
        }
        row("ours coll_contact, overlaps only", time_ns(deep.size(), seconds, [&](size_t i) {
                const size_t k = deep[i];
                CollContact c;
                coll_contact(a[k].ours, &a[k].pose, b[k].ours, &b[k].pose, 0.0, nullptr, &c);
                sink = c.separation;
            }), "-");

        ccd_t ccd;
        CCD_INIT(&ccd);
        ccd.support1 = ccd_support;
        ccd.support2 = ccd_support;
        ccd.center1 = ccd_center;
        ccd.center2 = ccd_center;
        ccd.max_iterations = 1000;
        auto intersect_row = [&](const char *query, int (*f)(const void *, const void *,
                                                             const ccd_t *)) {
            size_t wrong = 0;
            for (size_t k = 0; k < n; ++k) wrong += (f(&a[k], &b[k], &ccd) != 0) != hit[k];
            row(query, time_ns(n, seconds, [&](size_t k) { sink = f(&a[k], &b[k], &ccd); }),
                std::to_string(wrong) + " of " + std::to_string(n) + " answers differ");
        };
        intersect_row("libccd ccdGJKIntersect", ccdGJKIntersect);
        intersect_row("libccd ccdMPRIntersect", ccdMPRIntersect);
        using Penetration = int (*)(const void *, const void *, const ccd_t *, ccd_real_t *,
                                    ccd_vec3_t *, ccd_vec3_t *);
        auto penetration_row = [&](const char *query, Penetration f) {
            size_t off = 0, missed = 0;
            double worst = 0;
            for (size_t k = 0; k < n; ++k) {
                if (!hit[k]) continue;
                ccd_real_t d = 0;
                ccd_vec3_t dir, pos;
                if (f(&a[k], &b[k], &ccd, &d, &dir, &pos) != 0) {
                    ++missed;
                    continue;
                }
                const double err = std::fabs(d - depth[k]);
                worst = std::fmax(worst, err);
                off += err > 0.01 * std::fmax(depth[k], 1e-3);
            }
            char text[160];
            std::snprintf(text, sizeof text,
                          "depth off by >1%% on %zu of %zu overlaps, max |diff| %.1e, %zu missed",
                          off, overlapping, worst, missed);
            row(query, time_ns(n, seconds, [&](size_t k) {
                    ccd_real_t d;
                    ccd_vec3_t dir, pos;
                    sink = f(&a[k], &b[k], &ccd, &d, &dir, &pos);
                }), text);
        };
        penetration_row("libccd ccdGJKPenetration (EPA)", ccdGJKPenetration);
        penetration_row("libccd ccdMPRPenetration", ccdMPRPenetration);

        for (auto solver : {fcl::GST_LIBCCD, fcl::GST_INDEP}) {
            const char *solver_name = solver == fcl::GST_LIBCCD ? "libccd" : "indep";
            fcl::DistanceRequestd dreq;
            dreq.gjk_solver_type = solver;
            double worst = 0;
            size_t compared = 0;
            for (size_t k = 0; k < n; ++k) {
                if (hit[k]) continue;
                fcl::DistanceResultd res;
                fcl::distance(a[k].fcl.get(), b[k].fcl.get(), dreq, res);
                worst = std::fmax(worst, std::fabs(res.min_distance - dist[k]));
                ++compared;
            }
            char text[160];
            std::snprintf(text, sizeof text, "max |distance diff| %.1e over %zu separated",
                          worst, compared);
            const std::string dq = std::string("fcl::distance GST_") + solver_name;
            row(dq.c_str(), time_ns(n, seconds, [&](size_t k) {
                    fcl::DistanceResultd res;
                    fcl::distance(a[k].fcl.get(), b[k].fcl.get(), dreq, res);
                    sink = res.min_distance;
                }), text);

            fcl::CollisionRequestd creq(1, true);
            creq.gjk_solver_type = solver;
            size_t wrong = 0, off = 0;
            for (size_t k = 0; k < n; ++k) {
                fcl::CollisionResultd res;
                fcl::collide(a[k].fcl.get(), b[k].fcl.get(), creq, res);
                wrong += res.isCollision() != hit[k];
                if (res.isCollision() && hit[k] && res.numContacts() > 0) {
                    const double d = res.getContact(0).penetration_depth;
                    off += std::fabs(d - depth[k]) > 0.01 * std::fmax(depth[k], 1e-3);
                }
            }
            std::snprintf(text, sizeof text,
                          "%zu answers differ, depth off by >1%% on %zu of %zu overlaps", wrong,
                          off, overlapping);
            const std::string cq = std::string("fcl::collide+contact GST_") + solver_name;
            row(cq.c_str(), time_ns(n, seconds, [&](size_t k) {
                    fcl::CollisionResultd res;
                    fcl::collide(a[k].fcl.get(), b[k].fcl.get(), creq, res);
                    sink = res.isCollision();
                }), text);
        }
        {
            // Bullet's GJK-EPA, guessing the direction between the bodies' origins as its
            // own pair detector does.
            auto guess = [&](size_t k) {
                return b[k].bullet_pose.getOrigin() - a[k].bullet_pose.getOrigin();
            };
            double worst = 0;
            size_t compared = 0, wrong = 0;
            for (size_t k = 0; k < n; ++k) {
                btGjkEpaSolver2::sResults res;
                const bool apart = btGjkEpaSolver2::Distance(a[k].bullet.get(), a[k].bullet_pose,
                                                             b[k].bullet.get(), b[k].bullet_pose,
                                                             guess(k), res);
                wrong += apart == hit[k];
                if (apart && !hit[k]) {
                    worst = std::fmax(worst, std::fabs(res.distance - dist[k]));
                    ++compared;
                }
            }
            char text[160];
            std::snprintf(text, sizeof text,
                          "%zu answers differ, max |distance diff| %.1e over %zu separated",
                          wrong, worst, compared);
            row("Bullet btGjkEpaSolver2::Distance", time_ns(n, seconds, [&](size_t k) {
                    btGjkEpaSolver2::sResults res;
                    btGjkEpaSolver2::Distance(a[k].bullet.get(), a[k].bullet_pose,
                                              b[k].bullet.get(), b[k].bullet_pose, guess(k), res);
                    sink = res.distance;
                }), text);
            size_t off = 0, missed = 0;
            worst = 0;
            for (size_t k = 0; k < n; ++k) {
                if (!hit[k]) continue;
                btGjkEpaSolver2::sResults res;
                if (!btGjkEpaSolver2::Penetration(a[k].bullet.get(), a[k].bullet_pose,
                                                  b[k].bullet.get(), b[k].bullet_pose, guess(k),
                                                  res)) {
                    ++missed;
                    continue;
                }
                const double err = std::fabs(-res.distance - depth[k]);
                worst = std::fmax(worst, err);
                off += err > 0.01 * std::fmax(depth[k], 1e-3);
            }
            std::snprintf(text, sizeof text,
                          "depth off by >1%% on %zu of %zu overlaps, max |diff| %.1e, %zu missed",
                          off, overlapping, worst, missed);
            row("Bullet btGjkEpaSolver2::Penetration", time_ns(n, seconds, [&](size_t k) {
                    btGjkEpaSolver2::sResults res;
                    sink = btGjkEpaSolver2::Penetration(a[k].bullet.get(), a[k].bullet_pose,
                                                        b[k].bullet.get(), b[k].bullet_pose,
                                                        guess(k), res);
                }), text);
            row("Bullet Penetration, overlaps only", time_ns(deep.size(), seconds, [&](size_t i) {
                    const size_t k = deep[i];
                    btGjkEpaSolver2::sResults res;
                    sink = btGjkEpaSolver2::Penetration(a[k].bullet.get(), a[k].bullet_pose,
                                                        b[k].bullet.get(), b[k].bullet_pose,
                                                        guess(k), res);
                }), "-");
        }
        for (size_t k = 0; k < n; ++k) {
            coll_shape_destroy(a[k].ours);
            coll_shape_destroy(b[k].ours);
        }
    }
    return 0;
}
