/**
 * Which columns of the lead table the user shows, remembered in this browser's local storage. A stored
 * choice naming columns that no longer exist keeps only the ones that do; an unreadable one falls back to
 * the defaults.
 */
import { useCallback, useState } from 'react';

export const chosenColumnsStorageKey = 'crm.leads.search.columns';

function readChoice(allKeys: readonly string[], defaults: readonly string[]): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(chosenColumnsStorageKey) ?? 'null');
    if (Array.isArray(stored)) {
      const kept = allKeys.filter((key) => stored.includes(key));
      if (kept.length > 0) return kept;
    }
  } catch {
    // Not JSON: someone edited it by hand; the defaults apply.
  }
  return [...defaults];
}

export function useChosenColumns(allKeys: readonly string[], defaults: readonly string[]) {
  const [chosen, setChosen] = useState<string[]>(() => readChoice(allKeys, defaults));
  const choose = useCallback(
    (keys: readonly string[]) => {
      // Kept in the table's order, whatever order the boxes were ticked in.
      const next = allKeys.filter((key) => keys.includes(key));
      setChosen(next);
      try {
        window.localStorage.setItem(chosenColumnsStorageKey, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the choice holds for this visit only.
      }
    },
    [allKeys],
  );
  return { chosen, choose };
}
