// The header from C++17 (compiled with -Wall -Wextra -Werror -pedantic): shape handles
// shared by four threads at once give the same answers as one thread, and each
// thread keeps its own last error message.
#include "collision.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Shapes {
    CollShape *hull = nullptr;
    CollShape *ball = nullptr;
};

double query(const Shapes &s, int i) {
    const double angle = 0.001 * i;
    // {orientation {x, y, z, w}, position}
    CollPose pa{{0.0, std::sin(angle), 0.0, std::cos(angle)}, {0.0, 0.0, 0.0}};
    CollPose pb{{0.0, 0.0, 0.0, 1.0}, {2.0 + 0.0001 * i, 0.5, 0.0}};
    CollDistance d{};
    if (coll_distance(s.hull, &pa, s.ball, &pb, &d) != COLL_STATUS_OK) return -1.0;
    return d.distance;
}

}  // namespace

int main() {
    Shapes s;
    std::vector<double> xyz;
    for (int i = 0; i < 64; ++i) {
        const double t = 0.7 * i, z = -1.0 + 2.0 * (i + 0.5) / 64.0;
        const double r = std::sqrt(1.0 - z * z);
        xyz.insert(xyz.end(), {r * std::cos(t), r * std::sin(t), z});
    }
    if (coll_hull_create(xyz.data(), xyz.size() / 3, &s.hull) != COLL_STATUS_OK ||
        coll_ball_create(0.25, &s.ball) != COLL_STATUS_OK) {
        std::printf("create failed: %s\n", coll_last_error_message());
        return 1;
    }
    const int n = 2000;
    std::vector<double> want(n);
    for (int i = 0; i < n; ++i) want[i] = query(s, i);
    int failed = 0, passed = 0;
    std::vector<int> mismatches(4, 0);
    std::vector<std::string> messages(4);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < n; ++i) {
                if (query(s, (i * 7 + t) % n) != want[(i * 7 + t) % n]) ++mismatches[t];
            }
            // Each thread's own error, read back on that thread.
            coll_ball_create(-1.0 - t, nullptr);
            messages[t] = coll_last_error_message();
        });
    }
    for (auto &th : threads) th.join();
    for (int t = 0; t < 4; ++t) {
        if (mismatches[t] != 0 || messages[t].find("coll_ball_create") == std::string::npos) {
            std::printf("FAIL thread %d: %d mismatches, message \"%s\"\n", t, mismatches[t],
                        messages[t].c_str());
            ++failed;
        } else {
            ++passed;
        }
    }
    // The main thread made no failing call since its creates succeeded.
    if (std::strlen(coll_last_error_message()) != 0) {
        std::printf("FAIL: the main thread sees another thread's message\n");
        ++failed;
    }
    coll_shape_destroy(s.hull);
    coll_shape_destroy(s.ball);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
