#!/bin/sh
# Stands in for `bash` on the Gemini CLI's PATH. A hook is `bash -c <command>` with GEMINI_PLANS_DIR in its
# environment (the shell tool's commands do not have it): its stdin and command are logged, then the real bash
# replaces this process (exec, same pid), so timeouts and kills reach the hook exactly as without the probe.
if [ "$1" = "-c" ] && [ -n "$GEMINI_PLANS_DIR" ] && [ -n "$HOOKPLAY_PROBE_LOG" ]; then
  n=$(date +%s%N)-$$
  cat > "$HOOKPLAY_PROBE_LOG/$n.stdin"
  printf '%s' "$2" > "$HOOKPLAY_PROBE_LOG/$n.command"
  exec /bin/bash -c "$2" < "$HOOKPLAY_PROBE_LOG/$n.stdin"
fi
exec /bin/bash "$@"
