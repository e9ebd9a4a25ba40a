#!/usr/bin/env bash
# Whole-process benchmark of graph-diff-opt against the parse floor
# (docs/Performance.md): each graph pair is read by graph-diff-parse-floor
# (parse both inputs, nothing else) and diffed by graph-diff-opt, side by
# side in one run, RUNS times each, interleaved; the table gives the medians
# of wall time, CPU time (user + sys) and peak resident memory, their ratios
# to the floor, and nanoseconds of CPU time per source op (all of it, and
# the part above the floor). CPU time is the measure to trust when other jobs
# share the cores: wall time then mostly says how busy the machine was.
#
# usage: scripts/bench.sh [options]
#   --sizes 10000,100000,1000000  generated graph sizes in ops (3000000 if memory allows)
#   --edits fuse,delete,attr,shuffle  edit kinds (scripts/gen-arith-graph.py)
#   --functions K                 each generated input a module of K functions of
#                                 SIZE/K ops, the edits in one of them (the other
#                                 K-1 the same on both sides); default: one function
#   --modes default,verify,text,json  graph-diff-opt runs: default (--format=mlir),
#                                 --verify, --format=text, --format=json; serial and
#                                 serial-verify: default and --verify with
#                                 --mlir-disable-threading (one thread, the cost
#                                 on one core); cfloor adds a row for the
#                                 concurrent floor (floor --concurrent), and a
#                                 column of ratios to it
#   --runs 3                      runs of each (median)
#   --corpus                      also the three largest corpus models after real
#                                 pipelines (--no-synthetic: only those)
#   --build DIR                   the build (default: build); the tools are built first
#   --work DIR                    keep generated inputs there (default: a temporary directory;
#                                 one run at a time per directory)
#   --raw FILE                    also write every run as tab-separated lines
#   --table FILE                  only print the table of such a file
# NICE=n runs every process under `nice -n n` (default 0). Wall time is taken
# with bash's $EPOCHREALTIME around /usr/bin/time, which gives peak RSS (%M)
# and CPU time (%U + %S). The load average before and after is printed: a
# run taken while other jobs used the cores says so.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
sizes=10000,100000,1000000
edits=fuse,delete,attr,shuffle
modes=default,verify,text,json
runs=3
functions=0
synthetic=yes
corpus=no
build=$root/build
work=
raw=
table=
while [[ $# -gt 0 ]]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --edits) edits=$2; shift 2 ;;
    --functions) functions=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --corpus) corpus=yes; shift ;;
    --no-synthetic) synthetic=no; shift ;;
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --raw) raw=$2; shift 2 ;;
    --table) table=$2; shift 2 ;;
    *) echo "bench.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
# Prints the table of a raw file: medians per case and variant, ratios to
# the floor of the same case.
print_table() {
  awk -F'\t' '
  function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  {
    key = $1 SUBSEP $2
    if (!(key in wall)) { order[++count] = key; ops[key] = $3 }
    wall[key] = wall[key] " " $4; cpu[key] = cpu[key] " " $5; rss[key] = rss[key] " " $6
  }
  END {
    conc = 0
    for (key in wall) { split(key, k, SUBSEP); if (k[2] == "floor --concurrent") conc = 1 }
    printf "| case | run | wall s | x floor | cpu s | x floor | peak MB | x floor | cpu ns/op | above floor |%s\n", conc ? " x conc. floor (wall / cpu / peak) |" : ""
    printf "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|%s\n", conc ? "---:|" : ""
    for (i = 1; i <= count; i++) {
      split(order[i], k, SUBSEP)
      f = k[1] SUBSEP "floor"
      w = median(wall[order[i]]); c = median(cpu[order[i]]); m = median(rss[order[i]])
      fw = median(wall[f]); fc = median(cpu[f]); fm = median(rss[f])
      printf "| %s | %s | %.3f | %s | %.2f | %s | %.0f | %s | %.0f | %s |", k[1], k[2], w,
        k[2] == "floor" ? "" : sprintf("%.2f", w / fw), c,
        k[2] == "floor" ? "" : (fc > 0 ? sprintf("%.2f", c / fc) : "-"), m / 1024,
        k[2] == "floor" ? "" : sprintf("%.2f", m / fm), c * 1e9 / ops[order[i]],
        k[2] == "floor" ? "" : sprintf("%.0f", (c - fc) * 1e9 / ops[order[i]])
      if (conc) {
        g = k[1] SUBSEP "floor --concurrent"
        if (k[2] ~ /^floor/ || !(g in wall)) { printf " |\n"; continue }
        gw = median(wall[g]); gc = median(cpu[g]); gm = median(rss[g])
        printf " %.2f / %s / %.2f |\n", w / gw, (gc > 0 ? sprintf("%.2f", c / gc) : "-"), m / gm
      } else {
        printf "\n"
      }
    }
  }' "$1"
}

if [[ -n $table ]]; then
  print_table "$table"
  exit 0
fi
corpus_dir=${CORPUS_DIR:-$root/../shared/corpus}
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
nice_level=${NICE:-0}

if [[ -z $work ]]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
# Runs sharing a work directory would overwrite each other's outputs.
exec 9>"$work/.lock"
if ! flock -n 9; then
  echo "bench.sh: another run uses $work; give each run its own --work" >&2
  exit 2
fi
[[ -n $raw ]] || raw=$work/raw.tsv
: >"$raw"

ninja -C "$build" graph-diff-opt graph-diff-parse-floor >&2
# Each tool measured as the one process that runs it, without the supervisor
# (Support/Supervisor.h): its fork would leave the pages the libraries
# touched while loading in the supervisor, and /usr/bin/time's peak (the
# larger of the two processes) would no longer be the tool's.
export GRAPH_DIFF_NO_FORK=1
floor=$build/bin/graph-diff-parse-floor
opt=$build/bin/graph-diff-opt

# Runs one command; appends "case variant ops wall cpu rss_kb" to $raw.
# Exit codes 0 and 1 are success (1: the graphs differ).
measure() {
  local case=$1 variant=$2 ops=$3
  shift 3
  local start end rc=0
  start=$EPOCHREALTIME
  nice -n "$nice_level" /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" \
    >"$work/out" 2>"$work/err" || rc=$?
  end=$EPOCHREALTIME
  if [[ $rc -gt 1 ]]; then
    echo "bench.sh: $case $variant: exit $rc: $(head -c 300 "$work/err")" >&2
    return 1
  fi
  # /usr/bin/time may add a "Command exited with non-zero status" line.
  read -r user sys rss < <(tail -n 1 "$work/time")
  awk -v c="$case" -v v="$variant" -v n="$ops" -v s="$start" -v e="$end" \
    -v u="$user" -v y="$sys" -v m="$rss" \
    'BEGIN { printf "%s\t%s\t%d\t%.4f\t%.2f\t%d\n", c, v, n, e - s, u + y, m }' >>"$raw"
}

# Times the floor and every mode on SRC TGT, interleaved, $runs times.
bench_pair() {
  local case=$1 ops=$2 src=$3 tgt=$4
  local r mode
  IFS=, read -r -a mode_list <<<"$modes"
  for ((r = 0; r < runs; r++)); do
    measure "$case" floor "$ops" "$floor" "$src" "$tgt"
    for mode in "${mode_list[@]}"; do
      case $mode in
        default) measure "$case" default "$ops" "$opt" "$src" "$tgt" -o "$work/plan" ;;
        verify) measure "$case" --verify "$ops" "$opt" "$src" "$tgt" --verify -o "$work/plan" ;;
        serial) measure "$case" "--mlir-disable-threading" "$ops" "$opt" "$src" "$tgt" --mlir-disable-threading -o "$work/plan" ;;
        serial-verify) measure "$case" "--verify --mlir-disable-threading" "$ops" "$opt" "$src" "$tgt" --verify --mlir-disable-threading -o "$work/plan" ;;
        cfloor) measure "$case" "floor --concurrent" "$ops" "$floor" --concurrent "$src" "$tgt" ;;
        text | json) measure "$case" "--format=$mode" "$ops" "$opt" "$src" "$tgt" "--format=$mode" -o "$work/plan" ;;
        *) echo "bench.sh: unknown mode $mode" >&2; exit 2 ;;
      esac
    done
    echo "bench.sh: $case: run $((r + 1))/$runs done" >&2
  done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (nproc $(nproc), nice $nice_level)"
if [[ $synthetic == yes ]]; then
  IFS=, read -r -a size_list <<<"$sizes"
  IFS=, read -r -a edit_list <<<"$edits"
  for size in "${size_list[@]}"; do
    for edit in "${edit_list[@]}"; do
      if [[ $functions -gt 0 ]]; then
        name=$size-$edit-f$functions
        label="$size $edit, $functions functions"
        split=(--functions "$functions")
      else
        name=$size-$edit
        label="$size $edit"
        split=()
      fi
      src=$work/arith-$name.src.mlir
      tgt=$work/arith-$name.tgt.mlir
      if [[ ! -s $src || ! -s $tgt ]]; then
        "$root/scripts/gen-arith-graph.py" --ops "$size" --edit "$edit" --seed 1 \
          "${split[@]}" "$src" "$tgt"
      fi
      bench_pair "$label" "$size" "$src" "$tgt"
      rm -f "$work/plan"
    done
  done
fi

if [[ $corpus == yes ]]; then
  # The three largest linalg models by op count, after two real pipelines.
  counts=()
  for model in "$corpus_dir"/linalg/*.mlir; do
    n=$("$floor" --count "$model" "$model" | head -n 1)
    counts+=("$n $model")
  done
  mapfile -t largest < <(printf '%s\n' "${counts[@]}" | sort -rn | head -n 3)
  pipelines=(
    "generalize+fuse|--linalg-generalize-named-ops --linalg-fuse-elementwise-ops"
    "canon+cse|--canonicalize --cse"
  )
  for entry in "${largest[@]}"; do
    ops=${entry%% *}
    model=${entry#* }
    name=$(basename "$model" .mlir)
    for pipeline in "${pipelines[@]}"; do
      label=${pipeline%%|*}
      read -r -a args <<<"${pipeline#*|}"
      tgt=$work/$name-$label.mlir
      "$mlir_opt" "$model" "${args[@]}" -o "$tgt"
      bench_pair "$name $label" "$ops" "$model" "$tgt"
    done
  done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
print_table "$raw"
