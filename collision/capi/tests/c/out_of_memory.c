/*
 * Calls whose own arrays do not fit in the memory the process may take: each returns
 * COLL_STATUS_OUT_OF_MEMORY with a message, and the library works on afterwards. The
 * program allocates its inputs, then caps its address space (RLIMIT_AS) `headroom`
 * bytes above what it holds, where the allocator refuses the call's copy of a hull's
 * points, the hull builder's working storage, or a batch's rows of results, as it would
 * refuse inputs larger than the machine's memory. A refused allocation used to abort
 * the process. Not run under AddressSanitizer, whose shadow memory does not fit under
 * such a cap. Prints "N passed, N failed" and exits non-zero on any failure.
 */
#include "collision.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static int passed = 0, failed = 0;

static void expect(CollStatus got, CollStatus want, const char *what) {
    const char *message = coll_last_error_message();
    if (got != want) {
        printf("FAIL %s returned %d, expected %d (%s)\n", what, (int)got, (int)want, message);
        ++failed;
    } else if (want != COLL_STATUS_OK && strstr(message, "no memory") == NULL) {
        printf("FAIL %s: message \"%s\" does not say so\n", what, message);
        ++failed;
    } else {
        printf("ok %s: %s\n", what, want == COLL_STATUS_OK ? "" : message);
        ++passed;
    }
}

/* Caps the address space `headroom` bytes above what the process holds now. */
static int cap(size_t headroom) {
    long pages = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL || fscanf(statm, "%ld", &pages) != 1) {
        return -1;
    }
    fclose(statm);
    struct rlimit limit;
    getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + headroom;
    return setrlimit(RLIMIT_AS, &limit);
}

int main(void) {
    /* Inputs first: 10 million hull points (240 MB) and a batch of 40 million pairs
     * (320 MB of pairs, 640 MB of results and 160 MB of statuses), touched. */
    const size_t points = 10 * 1000 * 1000, pairs = 40 * 1000 * 1000;
    double *xyz = malloc(3 * points * sizeof(double));
    uint32_t *pair_indices = malloc(2 * pairs * sizeof(uint32_t));
    CollDistance *results = malloc(pairs * sizeof(CollDistance));
    CollStatus *statuses = malloc(pairs * sizeof(CollStatus));
    if (!xyz || !pair_indices || !results || !statuses) {
        printf("could not allocate the inputs\n");
        return 2;
    }
    for (size_t i = 0; i < 3 * points; ++i) {
        xyz[i] = (double)((i * 2654435761u) % 1000003) / 1000003.0;
    }
    for (size_t k = 0; k < pairs; ++k) {
        pair_indices[2 * k] = 0;
        pair_indices[2 * k + 1] = 1;
    }
    memset(results, 0, pairs * sizeof(CollDistance));
    memset(statuses, 0, pairs * sizeof(CollStatus));
    CollShape *ball = NULL, *box = NULL;
    const double half[3] = {1, 1, 1};
    expect(coll_ball_create(1.0, &ball), COLL_STATUS_OK, "coll_ball_create");
    expect(coll_cuboid_create(half, &box), COLL_STATUS_OK, "coll_cuboid_create");
    const CollShape *shapes[2] = {ball, box};
    const CollPose poses[2] = {{{0, 0, 0, 1}, {0, 0, 0}}, {{0, 0, 0, 1}, {3, 0, 0}}};
    /* A small batch first, so that the thread pool is up before the cap. */
    expect(coll_batch_distance(shapes, 2, poses, 2, pair_indices, 100, results, statuses, 100),
           COLL_STATUS_OK, "small coll_batch_distance");

    if (cap(512u << 20) != 0) {
        printf("could not cap the address space\n");
        return 2;
    }
    CollShape *hull = NULL;
    expect(coll_hull_create(xyz, points, &hull), COLL_STATUS_OUT_OF_MEMORY,
           "coll_hull_create of 10 million points");
    expect(coll_batch_distance(shapes, 2, poses, 2, pair_indices, pairs, results, statuses,
                               pairs),
           COLL_STATUS_OUT_OF_MEMORY, "coll_batch_distance of 40 million pairs");
    /* The library works on. */
    expect(coll_hull_create(xyz, 100, &hull), COLL_STATUS_OK, "coll_hull_create of 100 points");
    expect(coll_batch_distance(shapes, 2, poses, 2, pair_indices, 100, results, statuses, 100),
           COLL_STATUS_OK, "small coll_batch_distance after");
    if (results[0].distance != 1.0 || statuses[0] != COLL_STATUS_OK) {
        printf("FAIL the small batch's answer %g (status %d), expected 1\n", results[0].distance,
               (int)statuses[0]);
        ++failed;
    }
    coll_shape_destroy(hull);
    coll_shape_destroy(ball);
    coll_shape_destroy(box);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
