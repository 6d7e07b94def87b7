// Handlers for the diagnostics.* and updates.* channels (diagnostics/diagnostics-service.ts).
import type { diagnosticsChannels } from '../../../shared/ipc/diagnostics';
import type { DiagnosticsService } from '../diagnostics/diagnostics-service';
import type { Handlers } from '../router';

export interface DiagnosticsContext {
  readonly diagnostics: DiagnosticsService;
}

export const diagnosticsHandlers: Pick<Handlers<DiagnosticsContext>, keyof typeof diagnosticsChannels> = {
  'diagnostics.get': (_input, ctx) => ctx.diagnostics.get(),
  'diagnostics.report': (_input, ctx) => ctx.diagnostics.report(),
  'diagnostics.openLogsFolder': (_input, ctx) => ctx.diagnostics.openLogsFolder(),
  'updates.check': (_input, ctx) => ctx.diagnostics.checkForUpdates(),
};
