export const fixture = 'static asset served by the SPA plugin';
