/** Kept for screen readers, hidden on screen (the usual clip pattern). */
export const visuallyHidden = {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: 0,
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
} as const;

/** Hidden on screen below the `md` breakpoint, still read by screen readers; shown from `md` on. */
export const visuallyHiddenBelowMedium = {
    position: { xs: 'absolute', md: 'static' },
    width: { xs: '1px', md: 'auto' },
    height: { xs: '1px', md: 'auto' },
    overflow: { xs: 'hidden', md: 'visible' },
    clip: { xs: 'rect(0 0 0 0)', md: 'auto' },
    whiteSpace: 'nowrap',
} as const;
