#!/usr/bin/env bash
# Rebuilds adapters/passport/tessdata/mrz.traineddata: an LSTM trained from scratch on synthetic
# OCR-B MRZ lines. See README.md beside this file for what it needs and how long it takes.
#   scripts/mrz-model/train.sh            # defaults below
#   LINES=2000 MAX_ITERATIONS=3000 WORK=/tmp/mrz-quick scripts/mrz-model/train.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${WORK:-/tmp/mrz-model}
LINES=${LINES:-8000}
EVAL_LINES=${EVAL_LINES:-300}
SEED=${SEED:-9303}
MAX_ITERATIONS=${MAX_ITERATIONS:-25500}
TARGET_ERROR=${TARGET_ERROR:-0.2}   # percent character error on the training lines; stops early
LEARNING_RATE=${LEARNING_RATE:-0.002}
JOBS=${JOBS:-$(nproc)}
# From scratch: eng's integer models can't be fine-tuned. Small enough for a 37-letter alphabet.
NET_SPEC=${NET_SPEC:-'[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx128 O1c###]'}
OUT=${OUT:-$ROOT/adapters/passport/tessdata/mrz.traineddata}

log() { echo "[mrz-model $(date +%T)] $*"; }
mkdir -p "$WORK"
cd "$WORK"

if [ ! -f lines.done ]; then
  log "rendering $LINES training and $EVAL_LINES evaluation lines in $JOBS processes"
  rm -rf lines && mkdir lines
  total=$((LINES + EVAL_LINES))
  per=$(((total + JOBS - 1) / JOBS))
  for ((j = 0; j < JOBS; j++)); do
    first=$((j * per)); count=$((first + per > total ? total - first : per))
    (cd "$ROOT" && node --import tsx scripts/mrz-model/generate.ts "$WORK/lines" "$first" "$count" "$SEED") &
  done
  wait
  touch lines.done
fi

if [ ! -f lstmf.done ]; then
  log "making .lstmf files (tesseract lstm.train, WordStr boxes)"
  find lines -name '*.png' | sort | xargs -P "$JOBS" -I{} sh -c 'b=${1%.png}; tesseract "$1" "$b" --psm 13 lstm.train >/dev/null 2>&1' _ {}
  touch lstmf.done
fi
ls lines/*.lstmf | sort >all.list
head -n "$LINES" all.list >train.list
tail -n +"$((LINES + 1))" all.list >eval.list
log "$(wc -l <train.list) training, $(wc -l <eval.list) evaluation lines"

log "starter traineddata: unicharset of the MRZ alphabet"
printf 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<\n' >alphabet.txt
unicharset_extractor --output_unicharset unicharset --norm_mode 1 alphabet.txt >/dev/null 2>&1
mkdir -p script lang
# combine_lang_model insists on a radical table, used only for Han scripts.
printf '# no radicals: the MRZ alphabet is Latin\n' >script/radical-stroke.txt
combine_lang_model --input_unicharset unicharset --script_dir script --output_dir lang --lang mrz >/dev/null 2>&1
net=${NET_SPEC//c###/c$(head -n1 unicharset)}

mkdir -p checkpoints
continue_args=()
[ -f checkpoints/mrz_checkpoint ] && continue_args=(--continue_from checkpoints/mrz_checkpoint)
log "lstmtraining $net, up to $MAX_ITERATIONS iterations or ${TARGET_ERROR}% error"
# One OpenMP thread: with two, this small net trains ~8x slower (threads contend on tiny matrices).
OMP_THREAD_LIMIT=1 lstmtraining --debug_interval 0 \
  --traineddata lang/mrz/mrz.traineddata \
  --net_spec "$net" \
  --learning_rate "$LEARNING_RATE" \
  --model_output checkpoints/mrz \
  --train_listfile train.list \
  --eval_listfile eval.list \
  --max_iterations "$MAX_ITERATIONS" \
  --target_error_rate "$TARGET_ERROR" \
  "${continue_args[@]}" 2>&1 | tee -a training.log | grep -E 'At iteration|best|Finished|Eval|wrote' || true

log "final model (integer weights: smaller and faster) → $OUT"
mkdir -p "$(dirname "$OUT")"
lstmtraining --stop_training --convert_to_int \
  --continue_from checkpoints/mrz_checkpoint \
  --traineddata lang/mrz/mrz.traineddata \
  --model_output "$OUT"
ls -la "$OUT"
log done
