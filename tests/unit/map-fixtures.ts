/**
 * jsdom stand-ins for the map tests: an 800 × 600 (or given) map container and a 2D canvas
 * context that records what is drawn (jsdom has no canvas). `install` answers the undo.
 */
export const drawn = { images: 0, texts: [] as string[] };

/** A 2D context whose methods record or do nothing, and whose properties take any value. */
function recordingContext(): CanvasRenderingContext2D {
    const state: Record<string | symbol, unknown> = {};
    return new Proxy(state, {
        get: (target, key) =>
            key in target
                ? target[key]
                : (...args: unknown[]) => {
                      if (key === 'drawImage') drawn.images++;
                      if (key === 'fillText') drawn.texts.push(String(args[0]));
                      if (key === 'measureText') return { width: 7 };
                      return undefined;
                  },
        set: (target, key, value) => {
            target[key] = value;
            return true;
        },
    }) as unknown as CanvasRenderingContext2D;
}

export function installMapStandIns(size = { width: 800, height: 600 }): () => void {
    const undo: (() => void)[] = [];
    for (const [name, value] of [
        ['clientWidth', size.width],
        ['clientHeight', size.height],
    ] as const) {
        const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
        Object.defineProperty(HTMLElement.prototype, name, {
            configurable: true,
            get: () => value,
        });
        undo.push(() => {
            if (before) Object.defineProperty(HTMLElement.prototype, name, before);
            else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
        });
    }
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function fake() {
        return recordingContext();
    } as unknown as typeof HTMLCanvasElement.prototype.getContext;
    undo.push(() => (HTMLCanvasElement.prototype.getContext = getContext));
    return () => undo.forEach((step) => step());
}
