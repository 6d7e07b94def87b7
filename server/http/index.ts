// Every resource's routes, registered in this order.
import type { RouteModule } from './app';
import { authRoutes } from './auth-routes';
import { channelRoutes } from './channels';
import { folderRoutes } from './folders';
import { groupRoutes } from './groups';
import { inviteRoutes } from './invites';
import { messageRoutes } from './messages';
import { realmDefaultsRoutes } from './realm-defaults';
import { reportRoutes } from './reports';
import { userRoutes } from './users';

export const ROUTE_MODULES: readonly RouteModule[] = [
  authRoutes,
  userRoutes,
  realmDefaultsRoutes,
  channelRoutes,
  folderRoutes,
  groupRoutes,
  inviteRoutes,
  messageRoutes,
  reportRoutes,
];
