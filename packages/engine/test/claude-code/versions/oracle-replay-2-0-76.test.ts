import { replayVersion } from './replay-version.js';

// Every recording of Claude Code 2.0.76 replays in agreement under its profile.
replayVersion('2.0.76', 100);
