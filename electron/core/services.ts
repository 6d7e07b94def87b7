// The core's services over its accounts and sessions: every one the handlers use, made and stopped in
// one place, so the core (core.ts) and the reliability tests' console (testing/fault-harness.ts)
// assemble the same console. A new service is added here once.
import type { AppInfo, Push } from '../../shared/ipc';
import type { AccountService } from './accounts/accounts';
import { ActivityLog } from './activity/activity-log';
import { UndoJobs } from './activity/undo-jobs';
import { ChannelBatches } from './channels/channel-batches';
import { ChannelChanges } from './channels/channel-changes';
import { ChannelCreator } from './channels/channel-create';
import { ChannelMoves } from './channels/channel-moves';
import { FolderChanges } from './channels/folder-changes';
import { SubscriberChanges } from './channels/subscriber-changes';
import { SubscriberJobs } from './channels/subscriber-job';
import { DefaultsCopies } from './defaults/defaults-copy';
import { DefaultsService } from './defaults/defaults-service';
import type { DesktopActions } from './diagnostics/desktop';
import { DiagnosticsService } from './diagnostics/diagnostics-service';
import type { CoreContext } from './handlers';
import { Campaigns, type CampaignsOptions } from './invitations/campaigns';
import { RoleBatches } from './jobs/role-batches';
import { StatusBatches } from './jobs/status-batches';
import type { Log } from './logging/log';
import { ModerationService } from './moderation/moderation-service';
import type { NetworkService } from './network/network-service';
import type { SessionManager } from './session-manager';
import { UserChanges } from './users/user-changes';

export interface ServicesOptions {
  dataDir: string;
  appInfo: AppInfo;
  accounts: AccountService;
  sessions: SessionManager;
  network: NetworkService;
  log: Log;
  push(message: Push): void;
  desktop: DesktopActions | null;
  /** The campaigns' wait between tries (tests shorten it). */
  campaignSleep?: CampaignsOptions['sleep'];
}

export interface Services {
  context: CoreContext;
  campaigns: Campaigns;
  subscriberJobs: SubscriberJobs;
  /** Stops every job and closes every store; the sessions are the caller's. */
  stop(): Promise<void>;
}

export function createServices(options: ServicesOptions): Services {
  const { dataDir, appInfo, accounts, sessions, network, log, push } = options;
  // What they set aside or skip (a damaged file) and a write that failed go to the log, so the
  // Diagnostics dialog's recent problems say it.
  const activity = new ActivityLog(dataDir, {
    log: (message) => log.warn('activity log', { message }),
    actorIdOf: (account) => accounts.list().find((saved) => saved.id === account)?.userId,
    appended: (account) => push({ kind: 'activity.appended', account }),
  });
  const userChanges = new UserChanges({ accounts, sessions, activity });
  const roleBatches = new RoleBatches({ changes: userChanges, sessions, push });
  const statusBatches = new StatusBatches({ changes: userChanges, sessions, push });
  const defaults = new DefaultsService({ accounts, sessions, activity });
  const defaultsCopies = new DefaultsCopies({ accounts, sessions, activity, push });
  const channelChanges = new ChannelChanges({ accounts, sessions, activity });
  const channelCreator = new ChannelCreator({ accounts, sessions, activity });
  const channelBatches = new ChannelBatches({ changes: channelChanges, sessions, push });
  const folderChanges = new FolderChanges({ accounts, sessions, activity });
  const channelMoves = new ChannelMoves({ changes: channelChanges, sessions, push });
  const subscriberChanges = new SubscriberChanges({ accounts, sessions, activity });
  const undo = new UndoJobs({ activity, sessions, userChanges, defaults, channelChanges, push });
  const subscriberJobs = new SubscriberJobs({ dataDir, accounts, sessions, activity, push, log: (message) => log.warn('subscriber jobs', { message }) });
  const campaigns = new Campaigns({
    dataDir,
    accounts,
    push,
    activity,
    log: (message) => log.warn('campaigns', { message }),
    ...(options.campaignSleep ? { sleep: options.campaignSleep } : {}),
  });
  // Made before the sessions start (the caller starts them), so no report on a fresh queue is missed.
  const moderation = new ModerationService({ dataDir, accounts, sessions, activity, push, log: (message) => log.warn('moderation', { message }) });
  const diagnostics = new DiagnosticsService({ appInfo, log, network, accounts, sessions, desktop: options.desktop });
  const context: CoreContext = {
    appInfo,
    accounts,
    sessions,
    activity,
    userChanges,
    roleBatches,
    statusBatches,
    campaigns,
    moderation,
    defaults,
    defaultsCopies,
    channelChanges,
    channelCreator,
    channelBatches,
    folderChanges,
    channelMoves,
    subscriberChanges,
    undo,
    subscriberJobs,
    network,
    diagnostics,
  };
  return {
    context,
    campaigns,
    subscriberJobs,
    async stop() {
      // First, before anything else awaits: a subscriber job must not take the closing for network failures.
      const subscribersStopped = subscriberJobs.stopAll();
      moderation.close();
      await campaigns.close();
      await roleBatches.stopAll();
      await statusBatches.stopAll();
      await channelBatches.stopAll();
      await defaultsCopies.stopAll();
      await channelMoves.stopAll();
      await undo.stopAll();
      await subscribersStopped;
    },
  };
}
