// Every resource's routes, registered in this order.
import type { RouteModule } from './route';
import { accountRoutes } from './account-routes';
import { authRoutes } from './auth-routes';
import { serverSettingsRoutes } from './server-settings';
import { channelRoutes } from './channels';
import { folderRoutes } from './folders';
import { groupRoutes } from './groups';
import { inviteRoutes } from './invites';
import { messageRoutes } from './messages';
import { realmDefaultsRoutes } from './realm-defaults';
import { reportRoutes } from './reports';
import { userRoutes } from './users';
import { draftRoutes } from './drafts';
import { pushRoutes } from './push';
import { scheduledRoutes } from './scheduled';
import { snippetRoutes } from './snippets';
import { tusRoutes } from './tus';
import { uploadRoutes } from './uploads';
import { typingRoutes } from './typing';
import { statusRoutes } from './status';
import { presenceRoutes } from './presence';
import { settingsRoutes } from './settings';
import { linkifierRoutes } from './linkifiers';

export const ROUTE_MODULES: readonly RouteModule[] = [
  authRoutes,
  serverSettingsRoutes,
  userRoutes,
  accountRoutes,
  realmDefaultsRoutes,
  channelRoutes,
  folderRoutes,
  groupRoutes,
  inviteRoutes,
  messageRoutes,
  reportRoutes,
  draftRoutes,
  snippetRoutes,
  scheduledRoutes,
  pushRoutes,
  uploadRoutes,
  tusRoutes,
  typingRoutes,
  statusRoutes,
  presenceRoutes,
  settingsRoutes,
  linkifierRoutes,
];
