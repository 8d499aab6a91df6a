// Recorded cases where hookplay does not yet do what that real Claude Code build did: listed, never hidden. The
// replay (npm test and \`npm run oracle -- --replay --version V\`) checks each still differs, so a fix must remove it
// here, and that none of the other recordings differ. Written from a replay; each says what differs.
export const KNOWN_GAPS = {
  "2.0.76": {
  },
  "2.1.47": {
  },
  "2.1.143": {
  }
};
