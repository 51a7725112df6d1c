# bash completion for susurration (installed to share/bash-completion/completions).
# It asks the installed tool for its subcommands and options, so it never
# falls behind them: `susurration --help` lists the subcommands,
# `susurration CMD --help` the options of one.
_susurration() {
  local cur=${COMP_WORDS[COMP_CWORD]} cmd="" word k
  for ((k = 1; k < COMP_CWORD; k++)); do
    word=${COMP_WORDS[k]}
    if [[ $word != -* ]]; then cmd=$word; break; fi
  done
  local tool=${COMP_WORDS[0]}
  if [[ -z $cmd ]]; then
    local subcommands
    subcommands=$("$tool" --help 2>/dev/null | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}')
    mapfile -t COMPREPLY < <(compgen -W "$subcommands --help --version" -- "$cur")
  elif [[ $cmd == help ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$("$tool" --help 2>/dev/null | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}')" -- "$cur")
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$("$tool" "$cmd" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}
complete -o filenames -F _susurration susurration
