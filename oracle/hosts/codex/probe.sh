# hookplay oracle probe, sourced by every non-interactive bash through BASH_ENV (codex passes its environment on
# to hooks). It keeps a copy of the shell's stdin (for a hook: the event payload) and its command string, then
# hands the same bytes to the command. Login shells (codex's tool runs) and nested shells are left alone;
# observe.mjs keeps only the copies that hold a hook payload.
if [ -z "${HOOKPLAY_PROBE_DONE:-}" ] && [ -n "${HOOKPLAY_PROBE_DIR:-}" ] && ! shopt -q login_shell; then
  export HOOKPLAY_PROBE_DONE=1
  __hp_f=$(mktemp "$HOOKPLAY_PROBE_DIR/hook.XXXXXXXX")
  date +%s%N > "$__hp_f.at"
  cat > "$__hp_f.in"
  printf '%s' "${BASH_EXECUTION_STRING:-}" > "$__hp_f.cmd"
  exec 0<"$__hp_f.in"
  unset __hp_f
fi
