// Words for the shared input schemas' rules (shared/ipc/accounts.ts), which say what is wrong in
// schema terms ("Too small"). A rule with its own message (the realm URL's) keeps it.
import type { z } from 'zod';

const MISSING: Record<string, string> = {
  realmUrl: 'Enter the address of your organization, e.g. https://chat.example.com',
  email: 'Enter the email address you sign in with.',
  password: 'Enter your password.',
  apiKey: 'Paste your API key.',
};

export const formWords = {
  error: (issue: { path?: PropertyKey[]; code?: string }) => {
    const field = issue.path?.[0];
    return typeof field === 'string' ? MISSING[field] : undefined;
  },
} satisfies z.core.ParseContext<z.core.$ZodIssue>;
