import { describe, expect, test } from 'vitest';
import {
  changesToParams,
  conflictOf,
  expectedValues,
  keepMine,
  reviewEdits,
  setEdit,
  setEdits,
  takeTheirs,
  type DefaultsValues,
  type Edits,
} from './defaults-edits';
import { differsFromUsual, usualValuesFor } from './defaults-usual';

const server: DefaultsValues = { color_scheme: 1, enter_sends: false, web_font_size_px: 16, emojiset: 'google', twenty_four_hour_time: false };

describe('edits against the live values', () => {
  test('an edit remembers the value it was made against, and a second edit keeps that base', () => {
    let edits: Edits = setEdit({}, server, 'color_scheme', 2);
    expect(edits).toEqual({ color_scheme: { value: 2, base: 1 } });
    edits = setEdit(edits, { ...server, color_scheme: 3 }, 'color_scheme', 3);
    expect(edits.color_scheme).toEqual({ value: 3, base: 1 });
  });

  test('editing back to the server value removes the edit', () => {
    const edits = setEdit(setEdit({}, server, 'enter_sends', true), server, 'enter_sends', false);
    expect(edits).toEqual({});
  });

  test('the review lists only the changed settings, old to new, in display order', () => {
    let edits: Edits = {};
    edits = setEdit(edits, server, 'enter_sends', true);
    edits = setEdit(edits, server, 'color_scheme', 2);
    edits = setEdit(edits, server, 'web_font_size_px', 18);
    const review = reviewEdits(server, edits);
    expect(review.conflicts).toEqual([]);
    expect(review.changes).toEqual([
      { name: 'color_scheme', from: 1, to: 2 },
      { name: 'web_font_size_px', from: 16, to: 18 },
      { name: 'enter_sends', from: false, to: true },
    ]);
    expect(changesToParams(review.changes)).toEqual({ color_scheme: 2, web_font_size_px: 18, enter_sends: true });
  });
});

describe('another administrator changes a default meanwhile', () => {
  const edits: Edits = setEdit(setEdit({}, server, 'color_scheme', 2), server, 'enter_sends', true);

  test('an edited setting changed to another value is a conflict, listed first in the review', () => {
    const moved = { ...server, enter_sends: false, color_scheme: 3 };
    expect(conflictOf(moved, edits, 'color_scheme')).toEqual({ name: 'color_scheme', base: 1, server: 3, mine: 2 });
    const review = reviewEdits(moved, edits);
    expect(review.conflicts.map((conflict) => conflict.name)).toEqual(['color_scheme']);
    expect(review.changes.map((change) => change.name)).toEqual(['color_scheme', 'enter_sends']);
    expect(review.changes[0]).toEqual({ name: 'color_scheme', from: 3, to: 2 });
  });

  test('an untouched setting simply takes the new value: no conflict, nothing to send', () => {
    const moved = { ...server, emojiset: 'text' };
    expect(reviewEdits(moved, edits).conflicts).toEqual([]);
    expect(reviewEdits(moved, edits).changes.map((change) => change.name)).toEqual(['color_scheme', 'enter_sends']);
  });

  test('the server changing to my value is no conflict and no change', () => {
    const moved = { ...server, color_scheme: 2 };
    expect(conflictOf(moved, edits, 'color_scheme')).toBeNull();
    expect(reviewEdits(moved, edits).changes.map((change) => change.name)).toEqual(['enter_sends']);
  });

  test('keep mine: the edit stands against the new value', () => {
    const moved = { ...server, color_scheme: 3 };
    const kept = keepMine(edits, moved, 'color_scheme');
    expect(conflictOf(moved, kept, 'color_scheme')).toBeNull();
    expect(reviewEdits(moved, kept).changes[0]).toEqual({ name: 'color_scheme', from: 3, to: 2 });
    expect(expectedValues(reviewEdits(moved, kept).changes, kept)).toEqual({ color_scheme: 3, enter_sends: false });
  });

  test('take theirs: the edit is dropped', () => {
    expect(takeTheirs(edits, 'color_scheme')).toEqual({ enter_sends: { value: true, base: false } });
  });

  test('editing a conflicted setting back to the server value keeps the conflict visible', () => {
    const moved = { ...server, color_scheme: 3 };
    const edited = setEdit(edits, moved, 'color_scheme', 3);
    expect(edited.color_scheme).toEqual({ value: 3, base: 1 });
    // It is no change to send, though.
    expect(reviewEdits(moved, edited).changes.map((change) => change.name)).toEqual(['enter_sends']);
  });
});

describe('usual defaults', () => {
  test('a value differs from the usual default when it is reported and not equal', () => {
    expect(differsFromUsual('color_scheme', 2)).toBe(true);
    expect(differsFromUsual('color_scheme', 1)).toBe(false);
    expect(differsFromUsual('hide_ai_features', undefined)).toBe(false);
  });

  test('reset a section: the usual values of the settings of that group that differ', () => {
    const values: DefaultsValues = { ...server, color_scheme: 2, web_font_size_px: 18, enter_sends: true };
    expect(usualValuesFor(values, 'display')).toEqual({ color_scheme: 1, web_font_size_px: 16 });
    expect(usualValuesFor(values, 'all')).toEqual({ color_scheme: 1, web_font_size_px: 16, enter_sends: false });
  });

  test('a reset feeds the same edits as any other change', () => {
    const values: DefaultsValues = { ...server, color_scheme: 2 };
    expect(setEdits({}, values, usualValuesFor(values, 'all'))).toEqual({ color_scheme: { value: 1, base: 2 } });
  });
});
