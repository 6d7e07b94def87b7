// Where a focused control's focus ring lies, measured in the page: for the specs that check it stays
// clear of the control's label (components/controls.css says why it lies on the border).
import type { Locator } from '@playwright/test';

/** The room, in CSS pixels, between a focused control's label and the top of its focus ring (0 or less: they touch). */
export function ringRoomUnderLabel(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    if (!element.matches(':focus-visible')) throw new Error('the control shows no focus ring');
    const label = (element as HTMLInputElement).labels?.[0];
    if (!label) throw new Error('the control has no label');
    const style = getComputedStyle(element);
    const outside = Math.max(0, parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth));
    return element.getBoundingClientRect().top - outside - label.getBoundingClientRect().bottom;
  });
}
