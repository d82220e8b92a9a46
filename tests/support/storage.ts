// An in-memory Web Storage for Node tests, so persistence can be asserted key by key.
export class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();

  get length(): number {
    return this.values.size;
  }

  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }

  /** Everything stored, parsed where it is JSON. */
  snapshot(): Record<string, unknown> {
    return Object.fromEntries(
      [...this.values].map(([key, raw]) => {
        try {
          return [key, JSON.parse(raw) as unknown];
        } catch {
          return [key, raw];
        }
      }),
    );
  }
}

/** A 'storage' event as another tab's write delivers it (Node has no StorageEvent). */
export function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}
