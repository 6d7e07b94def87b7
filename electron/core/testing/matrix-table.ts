// The reliability matrix's rows: every operation of the console that writes to a server. Adding an
// operation is adding its row (a MatrixRow beside its area's code, as these are) to this list; the
// matrix test then runs it under every fault column of matrix-faults.ts.
import { channelEdit, channelMatrixJob } from '../channels/testing/channel-rows';
import { channelMoveJob, folderCreate, folderEdit, folderReorder } from '../channels/testing/folder-rows';
import { subscriberJob } from '../channels/testing/subscriber-job-row';
import { channelSubscribers } from '../channels/testing/subscriber-row';
import { defaultsCopy, defaultsSave } from '../defaults/testing/defaults-rows';
import { invitationCampaign } from '../invitations/testing/campaign-row';
import { bulkRoleJob, singleRoleChange } from '../users/testing/role-rows';
import { bulkStatusJob } from '../users/testing/status-row';
import type { AnyRow } from './matrix-row';

export const MATRIX_ROWS: readonly AnyRow[] = [
  singleRoleChange,
  bulkRoleJob,
  invitationCampaign,
  defaultsSave,
  defaultsCopy,
  channelEdit,
  // The writes that came after the first rows: folders, channel moves, subscribers, user status.
  folderCreate,
  folderEdit,
  folderReorder,
  channelMoveJob,
  channelSubscribers,
  bulkStatusJob,
  channelMatrixJob,
  subscriberJob,
];
