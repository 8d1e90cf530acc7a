#!/usr/bin/env bash
# The C ABI against libccd, FCL and Bullet on the same seeded hull pairs (bench/peers.cpp), and
# the C ABI against the Rust calls (benches/overhead.rs). Run from anywhere:
#
#   bash collision/capi/bench/run.sh [seconds per row, default 0.3]
#
# Installs Debian's libccd-dev, libfcl-dev and libbullet-dev when they are missing (as root).
set -euo pipefail
cd "$(dirname "$0")/../../.."
if ! pkg-config --exists fcl ccd bullet-float64; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends libccd-dev libfcl-dev libbullet-dev pkg-config >/dev/null
fi
target="${CARGO_TARGET_DIR:-target}"
cargo build --release -p collision-capi
c++ -O2 -std=c++17 -Icollision/capi/include $(pkg-config --cflags fcl ccd bullet-float64) \
    collision/capi/bench/peers.cpp "$target/release/libcollision_capi.a" \
    $(pkg-config --libs fcl ccd) -lBulletCollision-float64 -lLinearMath-float64 \
    -lpthread -ldl -lm -o "$target/release/capi_peers"
"$target/release/capi_peers" "${1:-0.3}"
cargo bench -p collision-capi --bench overhead -- --warm-up-time 0.5 --measurement-time 2
