import { replayVersion } from './replay-version.js';

// Every recording of Claude Code 1.0.41 replays in agreement under its profile.
replayVersion('1.0.41', 100);
