/** The encoding to send for an Accept-Encoding header: br (when `brotli`), else gzip, else none. */
export function negotiateEncoding(
    acceptEncoding: string | undefined,
    brotli = true,
): 'br' | 'gzip' | undefined {
    const accepted = new Set(
        (acceptEncoding ?? '')
            .split(',')
            .map((part) => part.trim().split(';'))
            .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
            .map(([name = '']) => name.trim().toLowerCase()),
    );
    if (brotli && accepted.has('br')) return 'br';
    if (accepted.has('gzip')) return 'gzip';
    return undefined;
}
