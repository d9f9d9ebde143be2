# bash completion for gesture, made from its help by `make golden`.
# Installed by `make install`; or: source docs/completions/gesture.bash
_gesture() {
    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} options
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "classify batch merge-scores tune list convert render learn help --help --version" -- "$current"))
        return
    fi
    if [[ ${COMP_WORDS[1]} == help ]]; then
        COMPREPLY=($(compgen -W "classify batch merge-scores tune list convert render learn" -- "$current"))
        return
    fi
    case "${COMP_WORDS[1]}:$previous" in
        classify:--color) COMPREPLY=($(compgen -W "auto always never" -- "$current")); return ;;
        classify:--format) COMPREPLY=($(compgen -W "text json jsonl" -- "$current")); return ;;
        classify:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        classify:--profile) COMPREPLY=($(compgen -W "default seed hammer" -- "$current")); return ;;
        classify:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
        batch:--format) COMPREPLY=($(compgen -W "text jsonl json csv" -- "$current")); return ;;
        batch:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        batch:--profile) COMPREPLY=($(compgen -W "default seed hammer" -- "$current")); return ;;
        batch:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
        merge-scores:--format) COMPREPLY=($(compgen -W "json text" -- "$current")); return ;;
        tune:--format) COMPREPLY=($(compgen -W "text json csv" -- "$current")); return ;;
        tune:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        tune:--objective) COMPREPLY=($(compgen -W "recall f1 balanced" -- "$current")); return ;;
        tune:--profile) COMPREPLY=($(compgen -W "default seed hammer" -- "$current")); return ;;
        tune:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
        list:--format) COMPREPLY=($(compgen -W "text json markdown" -- "$current")); return ;;
        list:--profile) COMPREPLY=($(compgen -W "default seed hammer" -- "$current")); return ;;
        convert:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        convert:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
        convert:--to) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        render:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        render:--profile) COMPREPLY=($(compgen -W "default seed hammer" -- "$current")); return ;;
        render:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
        learn:--algorithm) COMPREPLY=($(compgen -W "p+ p+o q p 1" -- "$current")); return ;;
        learn:--input-format) COMPREPLY=($(compgen -W "json csv xml" -- "$current")); return ;;
        learn:--mirror-negatives) COMPREPLY=($(compgen -W "left-right top-bottom both" -- "$current")); return ;;
        learn:--time-unit) COMPREPLY=($(compgen -W "s ms us" -- "$current")); return ;;
    esac
    case "${COMP_WORDS[1]}" in
        classify) options="--format --color --input-format --time-unit --y-up --lift-at-jumps --profile --recognizers --config --set --templates --limit --help" ;;
        batch) options="--format --labels --label-map --explain-labels --group-by --jobs --shard --misses --report --report-limit --force --min-accuracy --min-recall --quiet --limit --profile --recognizers --config --set --templates --input-format --time-unit --y-up --lift-at-jumps --help" ;;
        merge-scores) options="--format --misses --min-accuracy --min-recall --help" ;;
        tune) options="--sweep --labels --label-map --group-by --objective --max-false-alarms --format --write-config --config --force --jobs --quiet --profile --recognizers --set --templates --input-format --limit --time-unit --y-up --lift-at-jumps --help" ;;
        list) options="--format --profile --recognizers --config --set --templates --help" ;;
        convert) options="--to --out --lossy --force --input-format --time-unit --y-up --lift-at-jumps --limit --help" ;;
        render) options="--out --recognizer --force --input-format --time-unit --y-up --lift-at-jumps --profile --recognizers --config --set --templates --limit --help" ;;
        learn) options="--out --force --id --algorithm --points --templates-per-gesture --negatives --max-false-alarms --taught-only --coverage --coverage-fit --mirror-negatives --labels --label-map --group-by --jobs --input-format --limit --time-unit --y-up --lift-at-jumps --help" ;;
        *) return ;;
    esac
    if [[ $current == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$current"))
    else
        COMPREPLY=($(compgen -f -- "$current"))
    fi
}
complete -o filenames -o bashdefault -F _gesture gesture
