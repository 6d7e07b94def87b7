// Channel names that deceive the eye: a name with an invisible character is warned about, in the
// editor's rename and in the new channel form, and may still be saved; a name that only looks like
// another channel's (case, width, invisible characters aside) is refused like a taken one, and the
// server is left as it was. Letters of another alphabet among Latin ones are warned about, and a name
// that reads as a taken one through them (UTS #39's skeleton) is refused.
import { expect, test } from '../support/fixtures';
import { openChannel, openChannels, section, serverChannel, serverChannels } from '../support/channels-page';
import { signInDirectly } from '../support/realm-client';

const HIDDEN = 'gen\u200beral';

test('an invisible character is warned about and may be saved; a name that looks like another channel’s is refused, nothing sent', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);

  // The rename: a zero-width space is said, where it is and what the name would look like.
  let editor = await openChannel(page, 'general');
  const name = section(editor, 'Name');
  const field = name.getByRole('textbox', { name: 'Channel name' });
  await field.fill(HIDDEN);
  const warning = 'The name contains an invisible character (zero-width space) after “gen”: it would look like #general.';
  await expect(name.getByText(warning)).toBeVisible();
  await expect(field).toHaveAccessibleDescription(`Warning: ${warning}`);
  await name.getByRole('button', { name: 'Rename' }).click();
  editor = page.getByRole('complementary', { name: `#${HIDDEN}` });
  await expect(editor).toBeVisible();
  expect((await serverChannel(adam, HIDDEN)).name).toBe(HIDDEN);
  // The channel's own name keeps its warning: whoever opens it sees what it hides.
  await expect(section(editor, 'Name').getByText(warning)).toBeVisible();

  // Another channel renamed to what looks the same: refused before sending, Enter included.
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('');
  editor = await openChannel(page, 'design');
  const designName = section(editor, 'Name');
  const designField = designName.getByRole('textbox', { name: 'Channel name' });
  await designField.fill('General');
  const clash = 'The name looks the same as #general, a channel that already exists; its name has a zero-width space after “gen”: choose another name.';
  await expect(designName.getByText(clash)).toBeVisible();
  await expect(designName.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await designField.press('Enter');

  // The new channel form: the same warning, and the same refusal.
  const before = (await serverChannels(adam)).map((channel) => channel.name).sort();
  await page.getByRole('button', { name: 'Create a channel…' }).click();
  // #design's editor still holds the refused name, unsaved: the form replaces it only once agreed.
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Discard and leave' }).click();
  const form = page.getByRole('complementary', { name: 'New channel' });
  const formName = form.getByRole('textbox', { name: 'Name' });
  await formName.fill('launch\u2060room');
  const formWarning = 'The name contains an invisible character (word joiner) after “launch”: it would look like #launchroom.';
  await expect(form.getByText(formWarning)).toBeVisible();
  await expect(formName).toHaveAccessibleDescription(`Warning: ${formWarning}`);
  await formName.fill('general');
  await expect(form.getByText(clash)).toBeVisible();
  await expect(formName).toHaveAccessibleDescription(`Error: ${clash}`);
  await form.getByRole('button', { name: 'Create #general' }).click();
  await expect(form).toBeVisible();
  await expect(formName).toHaveAttribute('aria-invalid', 'true');

  // The server: #design kept its name, and no channel was created.
  expect((await serverChannel(adam, 'design')).name).toBe('design');
  expect((await serverChannels(adam)).map((channel) => channel.name).sort()).toEqual(before);
});

test('a name with a Cyrillic letter among Latin ones is warned about, and refused when it reads as a channel that exists', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const before = (await serverChannels(adam)).map((channel) => channel.name).sort();
  await openChannels(page);
  await page.getByRole('button', { name: 'Create a channel…' }).click();
  const form = page.getByRole('complementary', { name: 'New channel' });
  const formName = form.getByRole('textbox', { name: 'Name' });

  // A Cyrillic "о" in a name no channel has: a warning only.
  await formName.fill('r\u043eadmap');
  await expect(form.getByText('The name mixes Latin and Cyrillic letters in one word (a Cyrillic “\u043e” after “r”): it reads as #roadmap, which a search for that name would not find.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create #r\u043eadmap' })).toBeEnabled();

  // A Cyrillic "е" in "general": it reads as #general, which exists, so it is refused like a taken name.
  await formName.fill('g\u0435neral');
  const clash = 'The name looks the same as #general, a channel that already exists: choose another name.';
  await expect(form.getByText(clash)).toBeVisible();
  await expect(formName).toHaveAccessibleDescription(new RegExp(`^Error: ${clash}`));
  await form.getByRole('button', { name: 'Create #g\u0435neral' }).click();
  await expect(formName).toHaveAttribute('aria-invalid', 'true');
  expect((await serverChannels(adam)).map((channel) => channel.name).sort()).toEqual(before);
});
