// The compose form's tests stand on this: the core's check as the demo organization would answer it,
// a fake bridge with every channel the screen calls, and the screen mounted as the app mounts it
// (with its push subscription), so a test can push changes and leave the screen and come back.
import { fireEvent, screen } from '@testing-library/react';
import type { ChannelInput, CheckedAddress, InviteChoices } from '../../../../../shared/ipc';
import { usePushes } from '../../../queries/pushes';
import { installFakeBridge, renderWithQueries, type Answers } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { InvitationsScreen } from '../InvitationsScreen';
import { campaign, choices } from './invitation-samples';

/** When the demo's invitation to new.hire@sandbox.test was sent (server seconds). */
export const NEW_HIRE_INVITED = Date.UTC(2026, 4, 1) / 1000;

/** The core's check, as the realm state would answer it for the demo organization. */
export function checkLikeTheCore({ addresses }: ChannelInput<'invites.check'>): CheckedAddress[] {
  return addresses.map(({ email, name = null }) => {
    if (email === 'mark@sandbox.test') return { email, name, check: 'member', reason: 'Already has an account.', invite: null };
    if (email === 'derek@sandbox.test') return { email, name, check: 'deactivated', reason: 'Account has been deactivated.', invite: null };
    if (email === 'new.hire@sandbox.test') return { email, name, check: 'invited', reason: null, invite: { id: 1, invited: NEW_HIRE_INVITED, invitedBy: 2 } };
    if (!email.includes('@')) return { email, name, check: 'invalid', reason: 'Invalid address.', invite: null };
    return { email, name, check: 'ok', reason: null, invite: null };
  });
}

function Screen() {
  usePushes();
  return <InvitationsScreen account={olivia} />;
}

/** The compose tab over a fake core; `leaveAndComeBack` unmounts the screen and mounts it again, as switching screens does. */
export function openCompose(answers: Answers = {}, inviteChoices: InviteChoices = choices()) {
  const bridge = installFakeBridge({
    'invites.choices': () => inviteChoices,
    'invites.check': checkLikeTheCore,
    'invites.pending.list': () => [],
    'invites.campaign.list': () => [],
    'invites.renderWelcome': ({ content }) => ({ html: `<p><strong>${content.replace(/\*\*/g, '')}</strong></p>` }),
    'invites.campaign.start': ({ addresses, options, batchSize }) => {
      const { addresses: _none, ...summary } = campaign(addresses.map(({ email, name = null }) => ({ email, name, outcome: 'pending', reason: null })), { options, batchSize });
      return summary;
    },
    ...answers,
  });
  let rendered = renderWithQueries(<Screen />);
  const leaveAndComeBack = () => {
    rendered.unmount();
    rendered = renderWithQueries(<Screen />, rendered.client);
  };
  return Object.assign(bridge, { leaveAndComeBack });
}

export function paste(text: string) {
  fireEvent.change(screen.getByLabelText('Addresses'), { target: { value: text } });
}
