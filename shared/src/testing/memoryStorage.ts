/** A Storage stand-in kept in memory, for the store, the schedulers and anything else given a storage. */
export type MemoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> & { readonly items: ReadonlyMap<string, string> };

export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
