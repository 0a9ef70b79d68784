/** Amplify's gateway, loaded on demand: it is not needed before the sign-in form is usable. */
export const loadIdentity = () => import('../../identity');
