#!/usr/bin/env bash
# Builds the kit in Release, runs the engine and protocol benchmarks, the
# `verify` command, a full `grade` of the bundled vectors against the
# reference engine (--jobs 1 and 2) and `vectors --out`, each with
# repetitions, and writes BENCHMARKS.md at the repository root (medians,
# side-by-side ratios, the machine, the command).
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
rm -rf "$out"
mkdir -p "$out"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSUSURRATION_WERROR=ON >/dev/null
cmake --build "$build" -j2 --target susurration_bench susurration >/dev/null

bench_args=(--benchmark_repetitions="$repetitions" --benchmark_enable_random_interleaving=true
            --benchmark_out="$out/results.json" --benchmark_out_format=json)
verify_args=(verify --seed 42 --birds 400 --at-tick 20000)
cli=$build/cli/susurration
grade_args=(grade --engine "'$cli' engine")

# One untimed grade, first so that a broken kit stops the run at once: its
# transcript's "> " lines are the requests a full grade sends.
"$cli" "${grade_args[@]}" --transcript "$out/grade-transcript.txt" >"$out/grade-report.txt"
# The same requests, to replay into the engine alone: the engine's share of a grade.
sed -n 's/^> //p' "$out/grade-transcript.txt" >"$out/grade-requests.jsonl"

# Wall time of one command, to the microsecond: "start end" in seconds.
timed() {
  local file=$1
  shift
  local start=$EPOCHREALTIME
  "$@"
  echo "$start $EPOCHREALTIME" >"$file"
}

cat /proc/loadavg >"$out/load-before.txt"
"$build/bench/susurration_bench" "${bench_args[@]}"
# Peak memory and wall time of the real command (GNU time's report).
for k in $(seq "$repetitions"); do
  # A generous budget: on a busy machine the default 10 s would end the run.
  /usr/bin/time -v "$build/cli/susurration" "${verify_args[@]}" --budget 600 >"$out/verify-$k.json" \
    2>"$out/verify-time-$k.txt"
done
# The same run on the plain reference (the grid, the quicker of its two
# queries), once and untimed: its state hash must be the fast engine's.
"$build/cli/susurration" "${verify_args[@]}" --budget 7200 --engine grid >"$out/verify-grid.json"
# The grader and the vector generator, in a fresh random order each repetition.
for k in $(seq "$repetitions"); do
  for task in $(printf '%s\n' grade-jobs-1 grade-jobs-2 engine-replay vectors | shuf); do
    case $task in
      grade-jobs-1) timed "$out/grade-jobs-1-$k.time" "$cli" "${grade_args[@]}" --jobs 1 >/dev/null ;;
      grade-jobs-2) timed "$out/grade-jobs-2-$k.time" "$cli" "${grade_args[@]}" --jobs 2 >/dev/null ;;
      engine-replay)
        timed "$out/engine-replay-$k.time" "$cli" engine <"$out/grade-requests.jsonl" >/dev/null ;;
      vectors)
        timed "$out/vectors-$k.time" "$cli" vectors --out "$out/vectors-$k" 2>/dev/null
        rm -rf "$out/vectors-$k" ;;
    esac
  done
done
cat /proc/loadavg >"$out/load-after.txt"

{
  lscpu | grep -E '^(Model name|CPU\(s\)|Thread\(s\) per core|Core\(s\) per socket):'
  echo "Compiler: $(c++ --version | head -n 1)"
  echo "Kernel: $(uname -sr)"
} >"$out/machine.txt"

/usr/bin/python3 "$root/bench/write_benchmarks_md.py" \
  --results "$out/results.json" --out-dir "$out" --repetitions "$repetitions" \
  --command "bash bench/run_benchmarks.sh (REPETITIONS=$repetitions): susurration_bench ${bench_args[*]/#--benchmark_out=*/--benchmark_out=results.json}; /usr/bin/time -v susurration ${verify_args[*]} --budget 600; susurration grade --engine '<build>/cli/susurration engine' --jobs 1 (and --jobs 2; once more untimed with --transcript FILE); susurration engine <the transcript's requests; susurration vectors --out DIR" \
  >"$out/BENCHMARKS.md"
# Written apart and moved: the writer reads the old file for the section
# bench/fuzz_bench.py keeps there, which a redirect would empty first.
mv "$out/BENCHMARKS.md" "$root/BENCHMARKS.md"
echo "wrote $root/BENCHMARKS.md" >&2
