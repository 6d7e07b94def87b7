// spec 16: report a message to the organization's moderation request channel.
import { reportMessage } from '../../shared/api';
import * as actions from '../actions/reports';
import type { RouteModule } from './route';

export const reportRoutes: RouteModule = (routes, ctx) => {
  routes.authed(reportMessage, (actor, { message_id, report_type, description }) => {
    actions.reportMessage(ctx, actor, message_id, report_type, description ?? '');
    return {};
  });
};
