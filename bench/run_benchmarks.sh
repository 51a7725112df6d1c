#!/usr/bin/env bash
# Builds the kit in Release, runs the engine benchmarks with repetitions and
# writes BENCHMARKS.md at the repository root (medians, side-by-side ratios,
# the machine, the command).
#
#   bash bench/run_benchmarks.sh            # 5 repetitions
#   REPETITIONS=3 bash bench/run_benchmarks.sh
#   BUILD_DIR=/tmp/b bash bench/run_benchmarks.sh
#
# The timings are wall-clock: run it on an otherwise idle machine. The load
# average before and after is recorded in BENCHMARKS.md so that a busy run
# shows.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/bench}
repetitions=${REPETITIONS:-5}
out=$build/bench-results
mkdir -p "$out"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSUSURRATION_WERROR=ON >/dev/null
cmake --build "$build" -j2 --target susurration_bench susurration >/dev/null

bench_args=(--benchmark_repetitions="$repetitions" --benchmark_enable_random_interleaving=true
            --benchmark_out="$out/results.json" --benchmark_out_format=json)
verify_args=(verify --seed 42 --birds 400 --at-tick 20000)

cat /proc/loadavg >"$out/load-before.txt"
"$build/bench/susurration_bench" "${bench_args[@]}"
# Peak memory and wall time of the real command (GNU time's report).
for k in $(seq "$repetitions"); do
  /usr/bin/time -v "$build/cli/susurration" "${verify_args[@]}" >"$out/verify-$k.json" \
    2>"$out/verify-time-$k.txt"
done
cat /proc/loadavg >"$out/load-after.txt"

{
  lscpu | grep -E '^(Model name|CPU\(s\)|Thread\(s\) per core|Core\(s\) per socket):'
  echo "Compiler: $(c++ --version | head -n 1)"
  echo "Kernel: $(uname -sr)"
} >"$out/machine.txt"

/usr/bin/python3 "$root/bench/write_benchmarks_md.py" \
  --results "$out/results.json" --out-dir "$out" --repetitions "$repetitions" \
  --command "bash bench/run_benchmarks.sh (REPETITIONS=$repetitions): susurration_bench ${bench_args[*]/#--benchmark_out=*/--benchmark_out=results.json}; /usr/bin/time -v susurration ${verify_args[*]}" \
  >"$root/BENCHMARKS.md"
echo "wrote $root/BENCHMARKS.md" >&2
