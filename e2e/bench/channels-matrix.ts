// The permission matrix at 2,000 channels, in Chromium (`npx tsx e2e/bench/channels-matrix.ts`, or
// `npm run bench`); the harness and what it measures are in channel-view-bench.ts.
import { benchChannelView } from './channel-view-bench';

await benchChannelView({
  title: 'Permission matrix',
  noun: 'grid',
  marks: 'matrix',
  coldSpans: 'the first open of the tab: the channels, their context and the users over the bridge, index, sort, render, paint',
  open: (page) => page.getByRole('tab', { name: 'Permission matrix' }).click(),
});
