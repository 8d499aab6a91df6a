import { replayVersion } from './replay-version.js';

// Every recording of Claude Code 2.1.47 replays in agreement under its profile.
replayVersion('2.1.47', 100);
