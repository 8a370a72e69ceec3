#!/bin/sh
# make bench's WebAssembly part (issue 39): the engine's throughput in
# WebAssembly under Node next to the native one's, the same program
# (web/bench.c) built both ways, run one after the other on this machine,
# and the ratio (issue 39 asks for WebAssembly within 2x of native).
# Usage: bench.sh NATIVE_BENCH WEB_BENCH_JS SIDE ALGORITHM...
native=$1 web=$2 side=$3
shift 3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/meiro-bench-web-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$native" "$side" "$@" > "$tmp/native" || exit 1
node "$web" "$side" "$@" > "$tmp/web" || exit 1
echo "The engine in WebAssembly (Node $(node --version)) and native, best of 3:"
awk -v side="$side" 'NR == FNR { native[$1] = $2; next }
    { cells = side * side; n = native[$1]
      printf "%5ux%-5u  %-13s native %7.3f s %7.2f Mcells/s   wasm %7.3f s %7.2f Mcells/s   %.2fx\n",
             side, side, $1, n, cells / n / 1e6, $2, cells / $2 / 1e6, $2 / n }' "$tmp/native" "$tmp/web"
