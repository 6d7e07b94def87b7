// spec 16: report a message to the organization's moderation request channel
// (https://zulip.com/api/report-message). Clients check the register response's
// `moderation_request_channel` before offering to report.
import { z } from 'zod';
import { endpoint, EmptySuccess } from './envelope';
import { MessageId, textUpTo } from './common';

/** The report types with upstream's labels (upstream also sends them as `server_report_message_types`). */
export const REPORT_TYPES = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate content',
  norms: 'Violates community norms',
  other: 'Other reason',
} as const;
export const ReportType = z.enum(['spam', 'harassment', 'inappropriate', 'norms', 'other']);
export type ReportType = z.infer<typeof ReportType>;

/** spec Limits: clients limit the description to this many characters. */
export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;

export const reportMessageParamsBase = z.object({
  message_id: MessageId,
  report_type: ReportType,
  /** Required and non-empty when `report_type` is `other`. */
  description: textUpTo(MAX_REPORT_DESCRIPTION_LENGTH).optional(),
});
type ReportMessageFields = z.output<typeof reportMessageParamsBase>;

/** spec 16: an `other` report must say why (upstream's text). */
export function checkReportMessageParams(p: ReportMessageFields, ctx: z.RefinementCtx): void {
  if (p.report_type === 'other' && !p.description) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: 'An explanation is required.' });
  }
}

// The refined object stays a ZodObject in zod 4 (see messages.ts), so the endpoint carries the rule.
export const reportMessageParams = reportMessageParamsBase.superRefine(checkReportMessageParams);
export type ReportMessageParams = z.input<typeof reportMessageParams>;
export const reportMessage = endpoint('POST', '/messages/{message_id}/report', reportMessageParams, EmptySuccess, {
  spec: 16,
});
