/**
 * The process-level last resort: an exception no handler caught (a bug in a library callback, a throw in a
 * timer) is logged and the server keeps serving, instead of Node's default of exiting and taking every
 * user's runs with it. Every message and request handler has its own guard first; this is what is left.
 * Installed while at least one server runs in this process.
 */
let servers = 0;

function onUncaught(e: unknown): void {
  process.stderr.write(`hookplay serve: an error no handler caught (the server goes on): ${(e as Error)?.stack ?? String(e)}\n`);
}

export function installLastResort(): () => void {
  if (servers++ === 0) {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--servers === 0) {
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
    }
  };
}
