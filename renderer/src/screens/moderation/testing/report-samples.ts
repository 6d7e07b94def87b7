// Reports shaped like the sandbox demo seed's three (docs/server.md), plus one message that does not
// follow the template, for the Moderation screen's tests.
import { unparsedReport } from '../../../../../shared/domain/report-parser';
import type { Report, ReportContext } from '../../../../../shared/ipc';
import { user } from '../../../testing/demo-samples';

export const MOD_USERS = [
  user(1, 'Olivia Owner', 100),
  user(2, 'Adam Admin', 200),
  user(3, 'Mona Moderator', 300),
  user(4, 'Mark Member', 400),
  user(5, 'Gina Guest', 600),
  user(13, 'Nora Quinn', 400),
];

const HOUR = 3600;
const person = (id: number) => ({ id, name: MOD_USERS.find((u) => u.user_id === id)?.full_name ?? `User ${id}` });

/** Reports relative to `now` (UTC seconds), newest last as the channel holds them. */
export function sampleReports(now: number): Report[] {
  return [
    {
      id: 101,
      time: now - 26 * HOUR,
      status: 'new',
      parsed: true,
      raw: '@_**Mark Member|4** reported a DM sent by @_**Gina Guest|5**.\n- Reason: **spam**',
      reportType: 'spam',
      reporter: person(4),
      reportedUser: person(5),
      // Upstream's DM template names no message ID: the core finds the message in the conversation.
      reportedMessageId: null,
      where: { kind: 'dm' },
      notes: '',
      content: 'Buy cheap followers now!!! http://spam.example',
      truncated: false,
    },
    {
      id: 102,
      time: now - 3 * HOUR,
      status: 'reviewed',
      parsed: true,
      raw: '@_**Mona Moderator|3** reported #**general>lunch plans@52** sent by @_**Nora Quinn|13**.',
      reportType: 'harassment',
      reporter: person(3),
      reportedUser: person(13),
      reportedMessageId: 52,
      where: { kind: 'channel', channelId: 7, channelName: 'general', topic: 'lunch plans' },
      notes: 'Third time this week.\nSee also Monday.',
      content: 'Nobody wants to eat with you people.',
      truncated: false,
    },
    {
      id: 103,
      time: now - 2 * HOUR,
      status: 'new',
      parsed: true,
      raw: '@_**Mona Moderator|3** reported a DM sent by @_**Gina Guest|5** to ...',
      reportType: 'other',
      reporter: person(3),
      reportedUser: person(5),
      reportedMessageId: 53,
      where: { kind: 'group_dm', participants: [person(4), person(3), person(5)] },
      notes: 'Insulting the onboarding group.',
      content: 'You are all idiots.',
      truncated: false,
    },
    {
      id: 104,
      time: now - 40 * 24 * HOUR,
      status: 'new',
      ...unparsedReport('Heads up: **someone** posted <script>alert(1)</script> in #random\nSecond line'),
    },
  ];
}

export const CHANNEL_CONTEXT: ReportContext = {
  available: true,
  explanation: null,
  deleted: false,
  messages: [
    { id: 50, senderId: 4, senderName: 'Mark Member', html: '<p>Who is up for lunch?</p>', time: 1_700_000_000, isReported: false },
    { id: 52, senderId: 13, senderName: 'Nora Quinn', html: '<p>Nobody wants to eat with you people.</p>', time: 1_700_000_060, isReported: true },
  ],
};
