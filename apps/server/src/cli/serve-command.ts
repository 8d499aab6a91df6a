/** Replaced by the server issue: `hookplay serve`. */
export async function serveCommand(_args: string[]): Promise<number> {
  process.stderr.write('hookplay serve: the server is not built yet\n');
  return 2;
}
