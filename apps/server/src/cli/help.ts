import { availableParallelism } from 'node:os';

/** Exit codes, the same for every command (the README lists them too). */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

const EXIT_CODES = `exit codes:
  0    done: the scenario ran (whatever the verdict), every test passed, the scenario was written
  1    hookplay test: at least one scenario failed; hookplay serve: the server could not start
  2    usage error or invalid input (bad option, invalid scenario, no host config found), nothing ran
  130  interrupted (Ctrl-C); running hooks were killed
  run --real: 0 the real CLI and the emulation agree, 1 they differ, 2 it could not run
`;

export const HELP = {
  main: `hookplay: a hook playground for coding agents

usage:
  hookplay run FILE|- [--json]        run a scenario and explain the host's decision
  hookplay run FILE --hosts all|ID,... [--rename-tools] [--json]
                                      port it to other hosts and compare them side by side
  hookplay run --project DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--json]
                                      run a real project's hooks without writing a scenario
  hookplay run FILE --real [--version V] [--record[=DIR]] [--json]
                                      run it on the host's real CLI too, and compare field by field
  hookplay hosts list | install HOST@VERSION | remove HOST@VERSION
                                      the real host CLIs in your cache (for --real and verify)
  hookplay verify DIR... --host HOST@VERSION [--json]
                                      every scenario on a real CLI version: which rules differ
  hookplay test FILE_OR_DIR... [--jobs N] [--reporter human|junit|tap|json] [--filter PATTERN]
                                      check scenarios' "expect" blocks, in parallel
  hookplay import DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--out FILE]
                                      write a scenario from a project's real hook config
  hookplay import --transcript FILE [--project DIR] [--dialect claude-code] [--out FILE]
                                      write the session scenario that replays a Claude Code transcript
  hookplay doctor [DIR] [--home[=DIR]] [--dialect D] [--format text|json|sarif|github]
                                      check a real setup: each hook as its host loads it, and what is wrong
  hookplay mcp                        an MCP server over stdio, for coding agents that write hooks
  hookplay serve [--port N] [--host H] [--open] [--sandbox]
                 [--team [--public-url URL] [--max-runs-per-user N]] [--data DIR] [--database-url URL]
                 [--queue redis://...]
  hookplay open LINK [--port N] [--static] [--no-browser]
                                      open a playground link here, whatever server and port made it
                                      start the playground server (a team server with --team)
  hookplay worker --queue redis://... [--concurrency N]
                                      run a team server's runs, taken from its job queue
  hookplay team add-user NAME | remove-user NAME | new-secret | list [--data DIR]
                                      who may sign in to a team server

\`hookplay <command> --help\` says more about each.

${EXIT_CODES}`,

  run: `usage: hookplay run FILE|- [--json]
       hookplay run FILE|- --hosts all|ID,ID... [--rename-tools] [--json]
       hookplay run FILE|- --real [--version V] [--record[=DIR]] [--keep] [--timeout S] [--json]
       hookplay run --project DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--json]

Runs one scenario for real and explains the host's decision: which hooks matched and why, each one's exit and
output, the verdict, and the rules that produced it. FILE "-" reads the scenario from standard input.

With --project, the scenario is built from the project's real hook config, as \`hookplay import\` does, and run
without writing a file.

options:
  --json            print only the outcome, as JSON (with --hosts: {"hosts": {"<id>": outcome + port}})
  --hosts H         port the scenario to each host (all, or ids such as codex,gemini-cli), run every port
                    with that host's own rules, and print one comparison: what fired and why, the decision,
                    what the tool ran, what reaches the model, which output fields count, the input shape
  --rename-tools    with --hosts: rename tool names in matchers to each host's (default: copied as written)
  --real            also run the scenario (one event, or a whole session) on the host's real CLI, installed
                    with \`hookplay hosts install\`: offline, against a local mock of its model API scripted from
                    the scenario, in a network namespace where the mock is the only endpoint; prints both side
                    by side and every difference. --json: {"emulated", "real", "differences"}
  --version V       with --real: the host version to run (default: host.version, else the newest modelled)
  --record[=DIR]    with --real: save what the real CLI did as a recorded case that \`npm test\` replays
                    (default: this checkout's oracle/recorded)
  --keep            with --real: keep the real run's directory and print where it is
  --timeout S       with --real: seconds before a hung CLI is killed with everything it started (default 120)
  --project DIR     the project whose host config and hook scripts to take in
  --dialect D       the host: ${'${dialects}'}
  --event E         the event to fire, in the host's own words (e.g. PreToolUse)
  --payload FILE    the event's fields as a JSON object (default: the host's sample payload for the event)
  --home[=DIR]      also read the host's files in the home directory (default: $HOME); without it nothing
                    outside the project is read

${EXIT_CODES}`,

  test: `usage: hookplay test FILE_OR_DIR... [--jobs N] [--reporter R] [--filter PATTERN]

Runs every *.hookplay.json scenario (directories are searched recursively) and checks its "expect" block
against the real outcome. Scenarios run N at a time, with the same outcomes as a serial run: a scenario that
fails while others run (hooks that race or sleep can lose a race on a loaded machine) is run again alone, and
the report says so and which result counted.

options:
  --jobs N          how many scenarios run at once (default: the number of cores, here ${availableParallelism()})
  --reporter R      human (default), junit (JUnit XML on stdout, for CI test reports), tap (TAP version 13),
                    json (one object with every result and outcome)
  --filter PATTERN  only scenarios whose path or title contains PATTERN (or matches it, written as /regex/)

${EXIT_CODES}`,

  import: `usage: hookplay import DIR --dialect D --event E [--payload FILE] [--home[=DIR]] [--out FILE] [--force]
       hookplay import --transcript FILE [--project DIR] [--home[=DIR]] [--out FILE] [--force]

Reads the host's real config files in the project DIR (and in the home directory, when --home is given), takes
in the scripts their hook commands reference inside the project, and writes a scenario for the event with the
host's sample payload. It says which referenced paths it left out and why. A config file is taken as it is,
even when malformed: \`hookplay run\` then shows the host's diagnostics with their positions. Environment
variable values are never copied.

With --transcript, reads a Claude Code transcript (JSONL) and writes the session scenario that replays it with the
hooks of the project (--project DIR, else the transcript's working directory when it exists, else .): each prompt,
each tool call with its real result (nothing is re-run), the user's answers, the final reply. Each tool step expects
what really happened to the call, so \`hookplay test\` names where the emulation parts from the real run. Lines it
cannot use are listed, not fatal.

options:
  --dialect D       the host: ${'${dialects}'}
  --event E         the event to fire, in the host's own words
  --payload FILE    the event's fields as a JSON object (default: the host's sample payload)
  --home[=DIR]      also read the host's files in the home directory (default: $HOME)
  --transcript FILE a Claude Code transcript to replay (instead of --dialect and --event)
  --out FILE        where to write the scenario (default: ./<project>-<event>.hookplay.json, or
                    ./<transcript name>.hookplay.json)
  --force           overwrite --out when it exists

${EXIT_CODES}`,

  doctor: `usage: hookplay doctor [DIR] [--home[=DIR]] [--dialect D] [--format text|json|sarif|github]

Reads a real project (DIR, default .) the way each host would load it: its config files, Claude Code plugins
(.claude-plugin/ with hooks/hooks.json), and the home directory's files only with --home. For each hook: whether
the host loads it and why, the events and tool names it can fire on. Then findings, each at its file, line and
column: a matcher that none of the host's tools fit, an unknown event, a timeout in another host's unit, a script
that is missing or not executable, a variable the host does not set, an event outside "hooks", an answer the host
ignores, a program that is not installed; and risks: code downloaded and run (curl | sh), eval of output,
SessionStart/UserPromptSubmit hooks that reach the network, files writable by others, unpinned plugin sources,
dependencies that ship hook config.

options:
  --dialect D       check this host only: ${'${dialects}'} (default: every host whose files are present)
  --home[=DIR]      also read the hosts' files in the home directory (default: $HOME)
  --format F        text (default), json ({"findings": [...], "hooks": [...]}), sarif (SARIF 2.1.0 for code
                    scanning), github (GitHub Actions annotations)

exit codes: 0 no warning or error, 1 at least one warning or error, 2 bad input (no such directory, no host
config found, a bad option)
`,

  mcp: `usage: hookplay mcp

An MCP server over standard input and output, for a coding agent that writes hooks to test them before handing
them over. Tools: run_scenario, run_on_every_host, compare_versions, doctor, import_project. Resources: each
host's event catalog (hookplay://hosts/<id>/events) and sample payloads (hookplay://hosts/<id>/payloads/<event>).
Add it to Claude Code with \`claude mcp add hookplay -- npx hookplay mcp\` (see the README for Codex and Gemini CLI).
`,

  open: `usage: hookplay open LINK [--port N] [--host H] [--static] [--no-browser]

Opens a playground link on this machine, whatever server and port made it: a link is its #s=... hash (the
scenario, and the result it carries if any). Starts a playground here as \`hookplay serve\` does (any free port
unless --port), prints its URL with the link's hash, and opens it. Nothing runs until you press Run.

options:
  --port N          the port (default: any free one)
  --host H          the address to listen on (default 127.0.0.1)
  --static          no server: open the read-only viewer (a single HTML file \`npm run build\` writes to
                    apps/web/dist-viewer/) with the link, and print its file:// URL
  --no-browser      print the URL only

${EXIT_CODES}`,
  serve: `usage: hookplay serve [--port N] [--host H] [--open] [--sandbox] [--team ...] [--data DIR]
                      [--database-url URL] [--queue URL]

Starts the playground and prints one line with its URL (a per-launch token included). Listens on loopback
unless --host says otherwise; stops on Ctrl-C, killing running hooks.

options:
  --port N          the port (default 4477; 0 for any free port)
  --host H          the address to listen on (default 127.0.0.1)
  --open            open the URL in a browser
  --sandbox         run every hook inside bubblewrap: no network, a read-only system, the run's directory
                    the only writable place, its own PID namespace, limits on processes (64), memory (1 GiB
                    address space), CPU (10 s) and file size (16 MiB), reported in the outcome when hit.
                    Refuses to start (exit 1) when the sandbox cannot be set up: never runs unsandboxed
  --team            a server for a team: sign-in with per-user tokens or the team secret (see \`hookplay
                    team\`) instead of the launch token, at most --max-runs-per-user runs per user (default 4),
                    every run logged (who, what, verdict) in DIR/audit.log, short links, and --sandbox implied
  --public-url URL  the address teammates open (e.g. https://hookplay.example.com behind a proxy): its Host
                    and origin are accepted besides this machine's
  --data DIR        the data folder: team.json (hashed tokens), audit.log, short-links.sqlite
                    (default ~/.local/share/hookplay); giving it turns on short links without --team
  --database-url URL  keep short links in PostgreSQL (postgres://user:pass@host/db) instead of SQLite
  --queue URL       hand runs to workers through this Redis (BullMQ) instead of running them here; start
                    workers with \`hookplay worker --queue URL\`

${EXIT_CODES}`,
  worker: `usage: hookplay worker --queue redis://HOST:PORT [--concurrency N]

Takes runs from a team server's job queue (\`hookplay serve --queue URL\`) and runs them sandboxed, streaming
each run's timeline back as it happens. Several workers may share one queue. A worker that cannot reach the
queue says so and exits 1. Stop it with Ctrl-C: its running hooks are killed and their runs fail.

options:
  --queue URL       the Redis URL (redis://[user:pass@]host:port[/db])
  --concurrency N   runs at once (default 4)

${EXIT_CODES}`,

  hosts: `usage: hookplay hosts list
       hookplay hosts install HOST@VERSION
       hookplay hosts remove HOST@VERSION

The real host CLIs that \`hookplay run --real\` and \`hookplay verify\` run, kept in your cache folder
($XDG_CACHE_HOME/hookplay, default ~/.cache/hookplay; HOOKPLAY_CACHE_DIR overrides it), never in a project.
Nothing is downloaded unless you run install. HOST is claude-code, codex, gemini-cli, copilot-cli, qwen-code, claude-agent-sdk or cline (Cursor has no CLI to install: its dialect is from the docs only);
VERSION any version the npm registry serves (hookplay's rules model the listed ones). install shows the download
size and the package's license, and finishes an interrupted install when run again; a version the registry does
not serve is an error that lists the nearest published ones.

${EXIT_CODES}`,

  verify: `usage: hookplay verify DIR... --host HOST@VERSION [--json]

Runs every scenario of that host in DIR on the installed real CLI (see \`hookplay hosts\`) and compares each with
the emulation. For a version hookplay does not model, each is compared with the modelled versions on both sides
of it, so you learn which one the build behaves like. Ends with the rules the emulation stated in scenarios where
the real CLI differs: how a new release is checked the day it ships. Exit 0 when every scenario agrees, 1 when
one differs, 2 when none could run.

options:
  --host HOST@VERSION  the real CLI to verify on (installed with hookplay hosts install)
  --json               every scenario's differences and the rule table, as JSON

${EXIT_CODES}`,

  team: `usage: hookplay team add-user NAME [--data DIR]
       hookplay team remove-user NAME [--data DIR]
       hookplay team new-secret [--data DIR]
       hookplay team list [--data DIR]

Who may sign in to \`hookplay serve --team\`. add-user prints the user's token once (a new one if the user
exists: the old one stops working); new-secret prints a team secret anyone may sign in with (logged as
"team-secret"). Only SHA-256 hashes of tokens are kept, in DIR/team.json. A teammate signs in by opening the
server's URL and pasting the token, or with ?token=TOKEN once. A running server reads team.json at start.

options:
  --data DIR        the data folder (default ~/.local/share/hookplay)

${EXIT_CODES}`,
} as const;

export type Command = Exclude<keyof typeof HELP, 'main'>;

export function helpText(command: keyof typeof HELP, dialects: readonly string[]): string {
  return HELP[command].replaceAll('${dialects}', dialects.join(', '));
}
