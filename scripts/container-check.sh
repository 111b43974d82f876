#!/usr/bin/env bash
# Builds the production image (Dockerfile) with Debian's podman and checks it (docs/scale.md, "The container check"):
#   1. with the image's own settings (NODE_ENV=production) and no .env, the server must refuse to start on the sandboxes;
#   2. in development mode on a fresh volume it prepares the demo data on embedded PGlite, and then /healthz, /readyz,
#      the site's page and visitor searches answer (scripts/container-smoke.ts);
#   3. `podman stop` (SIGTERM) ends it with exit code 0 within 10 s.
#
#   scripts/container-check.sh          needs: apt-get install -y podman runc debootstrap
#
# Where no container registry is reachable, the Dockerfile's base image (node:20-bookworm-slim) is made here: Debian 12
# from debootstrap, this machine's Node 20 and npm, and a `node` user (uid 1000) as in the official image. npm inside the
# build trusts the same certificate authorities as this machine (NODE_EXTRA_CA_CERTS, for a proxy that re-signs TLS).
# Containers run with runc and explicit ulimits: on a machine that may not raise them (a VM's limits), crun's defaults fail.
# CONTAINER_CHECK_PORT (18556) is the port the container listens on (host network).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=${CONTAINER_CHECK_PORT:-18556}
BASE=docker.io/library/node:20-bookworm-slim
IMAGE=localhost/dso-server
WORK=$(mktemp -d /tmp/dso-container-check.XXXXXX)
NAME=dso-container-check
RUN=(podman --runtime runc run --network host --ulimit nofile=20000:20000 --ulimit nproc=4096:4096)

say() { printf '[container-check] %s\n' "$*"; }
die() { printf '[container-check] %s\n' "$*" >&2; exit 1; }
cleanup() {
  podman rm -f "$NAME" >/dev/null 2>&1 || true
  podman volume rm -f "$NAME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for tool in podman runc debootstrap; do
  command -v "$tool" >/dev/null || die "$tool not installed (apt-get install -y podman runc debootstrap)"
done

if ! podman image exists "$BASE" && ! podman pull -q "$BASE" >/dev/null 2>&1; then
  say "no registry answers for $BASE: making it from debootstrap and this machine's node $(node -v)"
  rootfs="$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
    die "debootstrap failed (log $WORK/debootstrap.log)"
  node_bin=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  install -m 755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -r "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
  chroot "$rootfs" bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends ca-certificates >/dev/null 2>&1 && useradd -m -u 1000 -s /bin/bash node \
    && rm -rf /var/lib/apt/lists/*'
  rm "$rootfs/etc/resolv.conf"
  tar -C "$rootfs" -c . | podman import -q --change 'CMD ["node"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$BASE" >/dev/null
fi

# The build context is the committed tree (a clean clone), as CI and a release would build it.
git clone -q "$ROOT" "$WORK/context"
build_args=(--pull=never --isolation=chroot -t "$IMAGE")
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  printf 'cafile=/build-ca.crt\n' >"$WORK/npmrc"
  build_args+=(-v "$NODE_EXTRA_CA_CERTS:/build-ca.crt:ro" -v "$WORK/npmrc:/root/.npmrc:ro")
fi
say "building $IMAGE (log $WORK/build.log)"
started=$(date +%s)
podman build "${build_args[@]}" "$WORK/context" >"$WORK/build.log" 2>&1 || {
  tail -20 "$WORK/build.log"
  die 'image build failed'
}
say "built in $(($(date +%s) - started)) s: $(podman image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1 / 1e6}')"

say 'production settings without .env: the server must refuse to start'
set +e
refusal=$("${RUN[@]}" --rm -e PORT="$PORT" "$IMAGE" 2>&1)
code=$?
set -e
[ "$code" -ne 0 ] || die 'the production image started on sandbox providers'
grep -q '生产环境不能使用沙箱服务' <<<"$refusal" || die "refused for another reason: $refusal"
say "refused (exit $code): $(grep -c '沙箱' <<<"$refusal") sandbox settings named"

say 'development settings on a fresh volume: demo data, health, readiness, the site and searches'
"${RUN[@]}" -d --name "$NAME" -v "$NAME:/data" -e NODE_ENV=development -e PORT="$PORT" "$IMAGE" >/dev/null
(cd "$ROOT" && CONTAINER_CHECK_URL="http://127.0.0.1:$PORT" npx tsx scripts/container-smoke.ts) || {
  podman logs "$NAME" 2>&1 | tail -20
  die 'smoke test failed'
}

started=$(date +%s%N)
podman stop -t 15 "$NAME" >/dev/null
stopped_ms=$((($(date +%s%N) - started) / 1000000))
exit_code=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
[ "$exit_code" = 0 ] || die "SIGTERM ended it with exit code $exit_code"
[ "$stopped_ms" -le 10000 ] || die "SIGTERM took $stopped_ms ms"
say "stopped by SIGTERM in $stopped_ms ms, exit code 0"
say 'passed'
