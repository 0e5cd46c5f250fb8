import { useEffect, useState } from 'react';

type RepeatableRowsOptions = {
  /** How many rows the list has now. */
  count: number;
  /** The most rows the list may have: Add stops there. */
  max: number;
  /** Appends an empty row (without focusing it: the hook does, once it is rendered). */
  append(): void;
  remove(index: number): void;
  /** Moves focus into a row, to its first field. */
  focusRow(index: number): void;
  /** What a screen reader hears once a row is added or removed (its number, from 1). */
  addedMessage(number: number): string;
  removedMessage(number: number): string;
  /** Why Add is gone once the list is full (shown in its place, and heard with the last add). */
  limitMessage: string;
};

/**
 * Adding and removing the rows of a repeatable list (the children on step 2 and in a
 * professional's new case): a new row takes focus, a removed row hands focus to the one before
 * it, and `announcement` (for a live region) says what happened. At `max` rows `canAdd` is false:
 * the list shows `limitMessage` instead of its Add button.
 */
export function useRepeatableRows({
  count,
  max,
  append,
  remove,
  focusRow,
  addedMessage,
  removedMessage,
  limitMessage,
}: RepeatableRowsOptions) {
  const [announcement, setAnnouncement] = useState('');
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  // After the render that shows the new list: the row to focus exists only then.
  useEffect(() => {
    if (focusIndex === null) return;
    focusRow(focusIndex);
    setFocusIndex(null);
  }, [focusIndex, focusRow]);

  const canAdd = count < max;
  const addRow = () => {
    if (!canAdd) return;
    append();
    setFocusIndex(count);
    const added = addedMessage(count + 1);
    setAnnouncement(count + 1 < max ? added : `${added} ${limitMessage}`);
  };
  const removeRow = (index: number) => {
    remove(index);
    setFocusIndex(Math.max(0, index - 1));
    setAnnouncement(removedMessage(index + 1));
  };
  return { announcement, canAdd, addRow, removeRow };
}
