// The channel list at 2,000 channels, in Chromium (`npx tsx e2e/bench/channels-list.ts`, or `npm run
// bench`); the harness and what it measures are in channel-view-bench.ts.
import { benchChannelView } from './channel-view-bench';

await benchChannelView({
  title: 'Channel list',
  noun: 'list',
  marks: 'channels',
  coldSpans: 'the first open of the screen: the channels and their context over the bridge, index, sort, render, paint',
});
